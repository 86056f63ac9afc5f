import { randomBytes } from 'node:crypto';
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
      if (row.status !== 'open' || Number(row.expires_at) <= Date.now()) {
        return reply.code(409).send({ error: errors.closed, redirect: null });
      }
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
      if (row.status !== 'confirm' || Number(row.expires_at) <= Date.now()) {
        return reply.code(409).send({ error: errors.closed });
      }
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
