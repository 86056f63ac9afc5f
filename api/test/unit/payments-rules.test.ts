// The payments area's decisions without a database (src/areas/payments/rules.ts, code.ts, emvco.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PAYMENT_STATUSES, type PaymentStatus } from '@lms/shared/contract';
import {
  composePaymentCode,
  isValidPaymentCode,
  luhnCheckDigit,
} from '../../src/areas/payments/code.js';
import { crc16 } from '../../src/areas/payments/emvco.js';
import {
  amountDue,
  checkCancel,
  checkCharge,
  checkCode,
  continueUrl,
  isOpen,
  receiptNumber,
  receiptYear,
  settle,
  studiesInYear,
  STUDY_YEARS,
} from '../../src/areas/payments/rules.js';

describe('payment codes', () => {
  test('the Luhn check digit of a known number', () => {
    assert.equal(luhnCheckDigit('7992739871'), 3);
  });

  test('a code is stable and refuses every single mistyped digit and most swaps', () => {
    const code = composePaymentCode({ serviceCode: 11, yearId: 26, studentId: 4321 });
    assert.equal(code, composePaymentCode({ serviceCode: 11, yearId: 26, studentId: 4321 }));
    assert.equal(code.length, 11);
    assert.ok(isValidPaymentCode(code));
    assert.equal(checkCode(code), null);
    for (let i = 0; i < code.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === code[i]) continue;
        const typo = `${code.slice(0, i)}${d}${code.slice(i + 1)}`;
        assert.equal(checkCode(typo), 'badCode', `typo ${typo} accepted`);
      }
    }
    for (let i = 0; i + 1 < code.length; i++) {
      const a = code[i];
      const b = code[i + 1];
      if (a === b || `${a}${b}` === '09' || `${a}${b}` === '90') continue;
      const swapped = `${code.slice(0, i)}${b}${a}${code.slice(i + 2)}`;
      assert.equal(checkCode(swapped), 'badCode', `swap ${swapped} accepted`);
    }
    assert.throws(() => composePaymentCode({ serviceCode: 11, yearId: 26, studentId: 10 ** 6 }));
  });

  test('a code of the wrong length or with other characters is refused', () => {
    const code = composePaymentCode({ serviceCode: 12, yearId: 5, studentId: 77 });
    for (const wrong of ['', code.slice(0, -1), `${code}0`, `${code.slice(0, -1)}x`, ` ${code}`]) {
      assert.equal(checkCode(wrong), 'badCode', wrong);
    }
  });

  test('CRC-16/CCITT-FALSE of the standard check string', () => {
    assert.equal(crc16('123456789'), '29B1');
  });
});

describe('what is due and what a card payment may charge', () => {
  test('the amount due is what is left, never below zero', () => {
    assert.equal(amountDue({ amount: 50000, paid: 0 }), 50000);
    assert.equal(amountDue({ amount: 50000, paid: 20000 }), 30000);
    assert.equal(amountDue({ amount: 50000, paid: 50000 }), 0);
    assert.equal(amountDue({ amount: 50000, paid: 70000 }), 0);
  });

  test('a charge within what is due is allowed, up to the whole of it', () => {
    assert.equal(checkCharge({ amount: 50000, paid: 20000 }, 1), null);
    assert.equal(checkCharge({ amount: 50000, paid: 20000 }, 30000), null);
  });

  test('more than is due is too much; nothing due refuses any amount', () => {
    assert.equal(checkCharge({ amount: 50000, paid: 20000 }, 30001), 'tooMuch');
    assert.equal(checkCharge({ amount: 50000, paid: 50000 }, 1), 'nothingDue');
    assert.equal(checkCharge({ amount: 50000, paid: 60000 }, 1), 'nothingDue');
  });
});

describe('open payments: continue and cancel', () => {
  const open: PaymentStatus[] = ['created', 'pending'];

  test('only created and pending payments are open', () => {
    for (const status of PAYMENT_STATUSES) {
      assert.equal(isOpen(status), open.includes(status), status);
    }
  });

  test("an open payment's checkout may be continued; a settled one's is not shown", () => {
    for (const status of PAYMENT_STATUSES) {
      const url = continueUrl({ status, checkoutUrl: '/lms/pay-sandbox/abc' });
      assert.equal(url, open.includes(status) ? '/lms/pay-sandbox/abc' : null, status);
    }
  });

  test('only an open payment may be cancelled; another says what became of it', () => {
    for (const status of PAYMENT_STATUSES) {
      const refusal = checkCancel(status);
      assert.equal(refusal === null, open.includes(status), status);
    }
    assert.equal(checkCancel('paid'), 'alreadyPaid');
    assert.equal(checkCancel('cancelled'), 'alreadyCancelled');
    assert.equal(checkCancel('expired'), 'alreadyExpired');
    assert.equal(checkCancel('declined'), 'alreadyDeclined');
    assert.equal(checkCancel('refund'), 'alreadyRefund');
  });
});

describe("a group's years of study", () => {
  test('from its admission year for STUDY_YEARS years', () => {
    assert.equal(studiesInYear(2020, 2019), false);
    assert.equal(studiesInYear(2020, 2020), true);
    assert.equal(studiesInYear(2020, 2020 + STUDY_YEARS - 1), true);
    assert.equal(studiesInYear(2020, 2020 + STUDY_YEARS), false);
  });
});

describe('receipt numbers', () => {
  test("the year and the place in the year's sequence in six digits", () => {
    assert.equal(receiptNumber(2026, 42), '2026-000042');
    assert.equal(receiptNumber(2025, 1234567), '2025-1234567');
  });

  test("the year is the university's: Bishkek's new year comes six hours before UTC's", () => {
    const bishkek = 6 * 60;
    // 31 Dec 2026 23:50 in Bishkek (17:50 UTC): still 2026.
    assert.equal(receiptYear(Date.UTC(2026, 11, 31, 17, 50), bishkek), 2026);
    // 1 Jan 2027 00:10 in Bishkek (18:10 UTC on 31 Dec): already 2027.
    assert.equal(receiptYear(Date.UTC(2026, 11, 31, 18, 10), bishkek), 2027);
    assert.equal(receiptYear(Date.UTC(2026, 11, 31, 18, 10), 0), 2026);
  });
});

describe("a provider's notification", () => {
  const note = (outcome: 'paid' | 'declined', amount = 1500) => ({
    orderRef: 'LMS-1-key',
    outcome,
    amount,
  });
  const payment = (status: PaymentStatus, paid = 0, amount = 1500, codeAmount = 5000) => ({
    status,
    amount,
    code: { amount: codeAmount, paid },
  });

  test('an unknown order or another amount changes nothing', () => {
    assert.deepEqual(settle(undefined, note('paid')), {
      kind: 'ignored',
      reason: 'no payment LMS-1-key',
    });
    assert.equal(settle(payment('pending'), note('paid', 1400)).kind, 'ignored');
  });

  test('paid, declined and refund are final', () => {
    for (const status of ['paid', 'declined', 'refund'] as const) {
      for (const outcome of ['paid', 'declined'] as const) {
        assert.deepEqual(settle(payment(status), note(outcome)), {
          kind: 'ignored',
          reason: `payment is already ${status}`,
        });
      }
    }
  });

  test('an open payment takes the outcome: paid within what is due, or declined', () => {
    for (const status of ['created', 'pending'] as const) {
      assert.deepEqual(settle(payment(status), note('paid')), { kind: 'applied', status: 'paid' });
      assert.deepEqual(settle(payment(status, 3500), note('paid')), {
        kind: 'applied',
        status: 'paid',
      });
      assert.deepEqual(settle(payment(status), note('declined')), {
        kind: 'applied',
        status: 'declined',
      });
    }
  });

  test('a charge beyond what is due becomes a refund', () => {
    assert.deepEqual(settle(payment('pending', 3501), note('paid')), {
      kind: 'refund',
      reason: 'charged 1500 with 1499 due',
    });
    assert.deepEqual(settle(payment('pending', 5000), note('paid')), {
      kind: 'refund',
      reason: 'charged 1500 with 0 due',
    });
    // Overpaid already (an earlier refund is not counted, but a manual fix might be): still 0.
    assert.equal(settle(payment('pending', 6000), note('paid')).kind, 'refund');
  });

  test('a charge of a cancelled payment is refunded; its decline changes nothing', () => {
    assert.deepEqual(settle(payment('cancelled'), note('paid')), {
      kind: 'refund',
      reason: 'the student cancelled the payment',
    });
    assert.deepEqual(settle(payment('cancelled'), note('declined')), {
      kind: 'ignored',
      reason: 'payment cancelled',
    });
  });

  test('an expired payment charged within what is due becomes paid; its decline changes nothing', () => {
    assert.deepEqual(settle(payment('expired'), note('paid')), { kind: 'applied', status: 'paid' });
    assert.equal(settle(payment('expired', 4000), note('paid')).kind, 'refund');
    assert.deepEqual(settle(payment('expired'), note('declined')), {
      kind: 'ignored',
      reason: 'payment expired',
    });
  });
});
