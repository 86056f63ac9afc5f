import { randomBytes } from 'node:crypto';
import { PAYMENT_REFUSED_PARAM, type PaymentClosedReason } from '@lms/shared/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cardBehaviour, isFutureExpiry, SANDBOX_CONFIRM_CODE } from './cards.js';
import { languageOf } from '../../../lib/language.js';
import { SANDBOX_ERRORS, wordsIn } from './messages.js';
import { checkoutPage, PAGE_SCRIPT } from './page.js';
import type { SandboxNotification } from './adapter.js';
import { SIGNATURE_HEADER, signNotification } from './signature.js';

const PayBody = Type.Object({
  card: Type.String({ maxLength: 30 }),
  expiry: Type.String({ maxLength: 10 }),
  cvc: Type.String({ maxLength: 10 }),
});
const ConfirmBody = Type.Object({ code: Type.String({ maxLength: 10 }) });
const TokenParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) });

/** The checkout's state as the page's two steps see it. */
interface CheckoutState {
  status: string;
  expires_at: number;
}

/**
 * Why a step of the page cannot charge the checkout, or null when it may: the card form needs it
 * open, the SMS code needs it waiting for the code, both before it expires. A checkout that was
 * settled, cancelled or has expired is `closed` with what became of it; one another tab has
 * moved to the SMS step (or a code sent for a checkout not at that step) is `elsewhere`.
 */
export function chargeRefusal(
  checkout: CheckoutState,
  step: 'open' | 'confirm',
  now: number,
):
  | { kind: 'closed'; reason: PaymentClosedReason }
  | { kind: 'elsewhere'; error: 'confirming' | 'notConfirming' }
  | null {
  const { status } = checkout;
  if (status === 'paid' || status === 'declined' || status === 'cancelled') {
    return { kind: 'closed', reason: status };
  }
  if (Number(checkout.expires_at) <= now) return { kind: 'closed', reason: 'expired' };
  if (status === step) return null;
  return { kind: 'elsewhere', error: status === 'confirm' ? 'confirming' : 'notConfirming' };
}

/**
 * The portal's return address with what the page found (`?refused=paid`): the portal's page then
 * says what became of the payment, with its receipt or a new attempt.
 */
function refusedReturn(returnUrl: string, reason: PaymentClosedReason): string {
  const separator = returnUrl.includes('?') ? '&' : '?';
  return `${returnUrl}${separator}${PAYMENT_REFUSED_PARAM}=${reason}`;
}

/**
 * The sandbox acquirer itself: the hosted payment page under /lms/pay-sandbox/ and the signed
 * notifications it posts to the portal's notify URL, as a real acquirer's test mode would. It
 * shares nothing with the payments area but its notify URL and the secret.
 */
export const sandboxAcquirer: FastifyPluginAsyncTypebox<{ secret: string }> = async (
  app,
  { secret },
) => {
  const db = app.db.kysely;
  const checkout = (token: string) =>
    db.selectFrom('paysandbox_checkouts').selectAll().where('token', '=', token).executeTakeFirst();

  /** Posts the signed notification to the notify URL through the server's own request pipeline. */
  async function notify(
    root: FastifyInstance,
    row: { id: number; order_ref: string; amount: number; notify_url: string },
    outcome: 'payment.succeeded' | 'payment.declined',
  ) {
    const now = Date.now();
    const event: SandboxNotification = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: outcome,
      order: row.order_ref,
      amount: Number(row.amount),
      currency: 'KGS',
      transaction: `sbx_${String(row.id).padStart(8, '0')}`,
      created: now,
    };
    const body = JSON.stringify(event);
    const response = await root.inject({
      method: 'POST',
      url: row.notify_url,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signNotification(secret, body, now),
      },
    });
    if (response.statusCode !== 200) {
      app.log.error({ status: response.statusCode, order: row.order_ref }, 'sandbox notify failed');
    }
  }

  /** Moves the checkout from one status to the next once; false when another request did. */
  const transition = async (id: number, from: string, to: string, last4?: string) => {
    const result = await db
      .updateTable('paysandbox_checkouts')
      .set({ status: to, ...(last4 ? { card_last4: last4 } : {}) })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  /** The refusal of a step on a checkout that cannot be charged: what became of it, and the way back. */
  const refuse = (
    reply: FastifyReply,
    errors: Record<keyof typeof SANDBOX_ERRORS, string>,
    row: { return_url: string },
    refusal: NonNullable<ReturnType<typeof chargeRefusal>>,
  ) =>
    refusal.kind === 'closed'
      ? reply.code(409).send({
          error: errors[refusal.reason],
          closed: refusal.reason,
          redirect: refusedReturn(row.return_url, refusal.reason),
        })
      : reply.code(409).send({ error: errors[refusal.error], redirect: null });

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page);

  app.get('/sandbox.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(PAGE_SCRIPT),
  );

  app.get('/:token', { schema: { params: TokenParams } }, async (request, reply) => {
    const lang = languageOf(request);
    const row = await checkout(request.params.token);
    if (!row) return html(reply, 404, checkoutPage(lang, null));
    return html(
      reply,
      200,
      checkoutPage(lang, {
        amount: Number(row.amount),
        description: row.description,
        status: row.status,
        returnUrl: row.return_url,
        expired: Number(row.expires_at) <= Date.now(),
      }),
    );
  });

  app.post(
    '/:token/pay',
    { schema: { params: TokenParams, body: PayBody } },
    async (request, reply) => {
      const errors = wordsIn(SANDBOX_ERRORS, languageOf(request));
      const row = await checkout(request.params.token);
      if (!row) return reply.code(404).send({ error: errors.notFound });
      const refusal = chargeRefusal(row, 'open', Date.now());
      if (refusal) return refuse(reply, errors, row, refusal);
      const { card, expiry, cvc } = request.body;
      const behaviour = cardBehaviour(card);
      if (behaviour === 'unknown') return reply.code(400).send({ error: errors.card });
      if (!isFutureExpiry(expiry, new Date()))
        return reply.code(400).send({ error: errors.expiry });
      if (!/^\d{3}$/.test(cvc.trim())) return reply.code(400).send({ error: errors.cvc });
      const last4 = card.replace(/\D/g, '').slice(-4);
      if (behaviour === 'confirm') {
        await transition(row.id, 'open', 'confirm', last4);
        return { next: 'confirm' };
      }
      const to = behaviour === 'success' ? 'paid' : 'declined';
      // Only the request that moves the checkout sends the notification: one charge.
      if (await transition(row.id, 'open', to, last4)) {
        await notify(app, row, to === 'paid' ? 'payment.succeeded' : 'payment.declined');
      }
      return { redirect: row.return_url };
    },
  );

  app.post(
    '/:token/confirm',
    { schema: { params: TokenParams, body: ConfirmBody } },
    async (request, reply) => {
      const errors = wordsIn(SANDBOX_ERRORS, languageOf(request));
      const row = await checkout(request.params.token);
      if (!row) return reply.code(404).send({ error: errors.notFound });
      const refusal = chargeRefusal(row, 'confirm', Date.now());
      if (refusal) return refuse(reply, errors, row, refusal);
      const code = request.body.code.trim();
      if (!/^\d{6}$/.test(code)) return reply.code(400).send({ error: errors.code });
      const to = code === SANDBOX_CONFIRM_CODE ? 'paid' : 'declined';
      if (await transition(row.id, 'confirm', to)) {
        await notify(app, row, to === 'paid' ? 'payment.succeeded' : 'payment.declined');
      }
      return { redirect: row.return_url };
    },
  );
};
