import type { PasskeyAssertion } from '@lms/shared/contract';
import {
  digestSigning,
  type PasskeyRecord,
  type PasskeyRefusal,
  type PasskeySettings,
} from '../qr/index.js';

// The student signs the submission of an attempt with their passkey (the QR check-in's, areas/qr)
// over the head of their device's hash chain (chain.ts): the challenge names the attempt, the
// student and the head (`ta.…`, qr/digest-sign.ts), so an assertion made for one head cannot be
// presented for another, another attempt or student.

const signing = digestSigning('ta', 'testing-sign');

/** The ceremony's options: one of the student's registered passkeys signs the head. */
export function submissionOptions(
  settings: PasskeySettings,
  named: { attemptId: number; signerUid: number; head: string },
  passkeys: readonly PasskeyRecord[],
  now: number,
) {
  return signing.options(
    settings,
    { recordId: named.attemptId, signerUid: named.signerUid, digest: named.head },
    passkeys,
    now,
  );
}

/**
 * Why an assertion does not sign a head of this attempt for this student, or the head it signs
 * and the passkey's counter: the head must be one the attempt's chains hold now (`heads`).
 */
export async function submissionRefusal(
  settings: PasskeySettings,
  assertion: PasskeyAssertion,
  expected: { attemptId: number; signerUid: number; heads: readonly string[] },
  passkey: PasskeyRecord | undefined,
  now: number,
): Promise<{ refusal: PasskeyRefusal } | { counter: number; head: string }> {
  const result = await signing.refusal(
    settings,
    assertion,
    {
      recordId: expected.attemptId,
      signerUid: expected.signerUid,
      accepts: (head) => expected.heads.includes(head),
    },
    passkey,
    now,
  );
  return 'refusal' in result ? result : { counter: result.counter, head: result.digest };
}
