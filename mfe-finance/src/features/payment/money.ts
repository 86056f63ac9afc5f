import { TYIYN_PER_SOM } from '@lms/shared';

/**
 * Money in the browser: amounts travel and are compared as integers in tyiyn; som with a
 * fraction exist only as text the user types or reads.
 */

/** What the user typed, in som ("1500", "1 500,5", "1500.50"), as tyiyn; null when not money. */
export function parseSom(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * TYIYN_PER_SOM + fraction;
}

/** Tyiyn as the text an input is prefilled with: 150050 → "1500,50" (ru/kg) or "1500.50" (en). */
export function somInputText(tyiyn: number, language: string): string {
  const separator = language === 'en' ? '.' : ',';
  return `${Math.floor(tyiyn / TYIYN_PER_SOM)}${separator}${String(tyiyn % TYIYN_PER_SOM).padStart(2, '0')}`;
}

/** A fresh key for one payment attempt (works on plain http too, unlike randomUUID). */
export function newAttemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
