/** Sends the browser to the provider's payment page (a full page load, the provider's origin). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** The id of the card payment form (one on the payment screen). */
export const CARD_FORM_ID = 'payment-card-form';

/** Puts the cursor in the card payment form's amount (focus scrolls it into view): a new attempt. */
export function focusCardPayment(): void {
  document.getElementById(CARD_FORM_ID)?.querySelector('input')?.focus();
}
