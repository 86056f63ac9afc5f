/**
 * Payment codes: `SS YY NNNNNN C` — the service's two-digit code, the academic year id, the
 * student id (six digits) and a Luhn check digit, 11 digits in all. The code is a function of
 * student × service × year, so asking again gives the same code; the check digit lets a bank
 * refuse a code with one digit mistyped or two neighbours swapped (except 09 ↔ 90).
 */
export const PAYMENT_CODE_LENGTH = 11;
export const MAX_CODED_STUDENT_ID = 999_999;

/** The Luhn check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit from the right, counting the check digit's place as the first.
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function composePaymentCode(parts: {
  serviceCode: number;
  yearId: number;
  studentId: number;
}): string {
  const { serviceCode, yearId, studentId } = parts;
  if (!Number.isInteger(serviceCode) || serviceCode < 10 || serviceCode > 99) {
    throw new RangeError(`service code ${serviceCode} is not two digits`);
  }
  if (!Number.isInteger(yearId) || yearId < 0 || yearId > 99) {
    throw new RangeError(`year id ${yearId} is not two digits`);
  }
  if (!Number.isInteger(studentId) || studentId < 1 || studentId > MAX_CODED_STUDENT_ID) {
    throw new RangeError(`student id ${studentId} does not fit a payment code`);
  }
  const body = `${serviceCode}${String(yearId).padStart(2, '0')}${String(studentId).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** Is this a well-formed code whose check digit matches? */
export function isValidPaymentCode(code: string): boolean {
  if (!new RegExp(`^[0-9]{${PAYMENT_CODE_LENGTH}}$`).test(code)) return false;
  return luhnCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

export function parsePaymentCode(
  code: string,
): { serviceCode: number; yearId: number; studentId: number } | null {
  if (!isValidPaymentCode(code)) return null;
  return {
    serviceCode: Number(code.slice(0, 2)),
    yearId: Number(code.slice(2, 4)),
    studentId: Number(code.slice(4, 10)),
  };
}
