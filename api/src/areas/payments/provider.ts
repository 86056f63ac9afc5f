/**
 * What the payments area needs from a card acquirer. The portal ships one adapter, the sandbox
 * (`sandbox/`); a real acquirer is another adapter plus configuration (README,
 * "Payments"). The payments code talks only to this interface.
 */
export interface CheckoutRequest {
  /** Our unique reference of the payment; the provider must treat a repeat as the same order. */
  orderRef: string;
  /** Tyiyn. */
  amount: number;
  currency: 'KGS';
  description: string;
  /** Where the provider sends the payer's browser afterwards (a path on the portal). */
  returnUrl: string;
  /** Where the provider posts its signed notifications (a path on the portal's API). */
  notifyUrl: string;
  /** Epoch ms after which the provider must refuse to charge. */
  expiresAt: number;
}

export interface Checkout {
  /** The hosted payment page the payer's browser is sent to. */
  redirectUrl: string;
}

/** A notification the adapter has verified (signature, freshness). */
export interface VerifiedNotification {
  /** The provider's unique id of this event: the same event delivered twice has the same id. */
  eventId: string;
  orderRef: string;
  outcome: 'paid' | 'declined';
  /** Tyiyn, as the provider charged it. */
  amount: number;
  /** The provider's own id of the transaction (on receipts and in disputes). */
  providerRef: string;
}

export type NotificationCheck =
  { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

export interface PaymentProvider {
  /** Stored with each payment. */
  readonly name: string;
  /** No real money moves: the interface says so to the payer. */
  readonly testMode: boolean;
  /** Opens (or, for an orderRef seen before, finds) the checkout. Idempotent on orderRef. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Closes the checkout of `orderRef` (the payer cancelled it): the provider must refuse to charge
   * it from now on. A charge already under way may still be reported; the portal then marks the
   * payment for refund. A repeat, or an unknown or settled checkout, changes nothing.
   */
  cancelCheckout(orderRef: string): Promise<void>;
  /** Checks a notification exactly as received (raw body and headers). Never throws. */
  verifyNotification(raw: {
    body: string;
    headers: Record<string, string | string[] | undefined>;
    now: number;
  }): NotificationCheck;
}
