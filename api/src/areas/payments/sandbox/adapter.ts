import { randomBytes } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { NotificationCheck, PaymentProvider } from '../provider.js';
import { checkSignature, SIGNATURE_HEADER } from './signature.js';

/** Where the sandbox's hosted payment page lives. */
export const SANDBOX_PAGE_PREFIX = '/lms/pay-sandbox';

/** The sandbox's notification, as it posts it (signed) to the notify URL. */
export const SandboxNotification = Type.Object({
  id: Type.String({ pattern: '^evt_[A-Za-z0-9]{8,64}$' }),
  type: Type.Union([Type.Literal('payment.succeeded'), Type.Literal('payment.declined')]),
  order: Type.String({ minLength: 1, maxLength: 200 }),
  amount: Type.Integer({ minimum: 1 }),
  currency: Type.Literal('KGS'),
  transaction: Type.String({ minLength: 1, maxLength: 100 }),
  created: Type.Integer(),
});
export type SandboxNotification = Static<typeof SandboxNotification>;

/**
 * The adapter of the built-in sandbox acquirer. Its checkouts live in the sandbox's own table
 * (the acquirer's side); its notifications are verified by HMAC with the shared secret.
 */
export function createSandboxProvider(db: Kysely<Database>, secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    testMode: true,

    async createCheckout(request) {
      await db
        .insertInto('paysandbox_checkouts')
        .values({
          token: randomBytes(24).toString('base64url'),
          order_ref: request.orderRef,
          amount: request.amount,
          description: request.description,
          return_url: request.returnUrl,
          notify_url: request.notifyUrl,
          status: 'open',
          card_last4: null,
          created_at: Date.now(),
          expires_at: request.expiresAt,
        })
        .onConflict((oc) => oc.column('order_ref').doNothing())
        .execute();
      const checkout = await db
        .selectFrom('paysandbox_checkouts')
        .select('token')
        .where('order_ref', '=', request.orderRef)
        .executeTakeFirstOrThrow();
      return { redirectUrl: `${SANDBOX_PAGE_PREFIX}/${checkout.token}` };
    },

    async cancelCheckout(orderRef) {
      await db
        .updateTable('paysandbox_checkouts')
        .set({ status: 'cancelled' })
        .where('order_ref', '=', orderRef)
        .where('status', 'in', ['open', 'confirm'])
        .execute();
    },

    verifyNotification({ body, headers, now }): NotificationCheck {
      const header = headers[SIGNATURE_HEADER];
      const signed = checkSignature(
        secret,
        typeof header === 'string' ? header : undefined,
        body,
        now,
      );
      if (!signed.ok) return signed;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return { ok: false, reason: 'body is not JSON' };
      }
      if (!Value.Check(SandboxNotification, parsed)) return { ok: false, reason: 'unknown body' };
      return {
        ok: true,
        notification: {
          eventId: parsed.id,
          orderRef: parsed.order,
          outcome: parsed.type === 'payment.succeeded' ? 'paid' : 'declined',
          amount: parsed.amount,
          providerRef: parsed.transaction,
        },
      };
    },
  };
}
