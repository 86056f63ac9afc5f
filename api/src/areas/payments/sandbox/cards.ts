/**
 * The sandbox's test cards, as an acquirer's test mode documents them (README "Payments").
 * Any future expiry date and any three-digit CVC are accepted.
 */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  /** Asks for a one-time code first (like 3-D Secure); the code is SANDBOX_CONFIRM_CODE. */
  confirm: '4000000000003220',
} as const;

/** The one-time code the sandbox's confirmation step accepts. */
export const SANDBOX_CONFIRM_CODE = '123456';

export type CardBehaviour = 'success' | 'declined' | 'confirm' | 'unknown';

export function cardBehaviour(number: string): CardBehaviour {
  const digits = number.replace(/[\s-]/g, '');
  for (const [behaviour, card] of Object.entries(SANDBOX_CARDS)) {
    if (digits === card) return behaviour as CardBehaviour;
  }
  return 'unknown';
}

/** MM/YY not in the past. */
export function isFutureExpiry(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
