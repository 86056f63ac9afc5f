import type { PasskeyAssertion } from '@lms/shared/contract';
import {
  digestSigning,
  type PasskeyRecord,
  type PasskeyRefusal,
  type PasskeySettings,
} from '../qr/index.js';

// The teacher signs a statement with their passkey (the QR check-in's, areas/qr): the challenge
// names the statement, the signer and the digest of its content (`st.…`, qr/digest-sign.ts), so
// an assertion made for one version of the content cannot be presented for another.

/** What a statement's signature names. */
export interface SignedFor {
  statementId: number;
  signerUid: number;
  digest: string;
}

const signing = digestSigning('st', 'statement-sign');

const expectedOf = ({ statementId, signerUid, digest }: SignedFor) => ({
  recordId: statementId,
  signerUid,
  accepts: (signed: string) => signed === digest,
});

/** The options of the signing ceremony: one of the teacher's registered passkeys. */
export function signOptions(
  settings: PasskeySettings,
  named: SignedFor,
  passkeys: readonly PasskeyRecord[],
  now: number,
) {
  return signing.options(
    settings,
    { recordId: named.statementId, signerUid: named.signerUid, digest: named.digest },
    passkeys,
    now,
  );
}

/**
 * Why an assertion does not sign this statement's digest for this signer, or the passkey's
 * counter when it does.
 */
export async function assertionRefusal(
  settings: PasskeySettings,
  assertion: PasskeyAssertion,
  expected: SignedFor,
  passkey: PasskeyRecord | undefined,
  now: number,
): Promise<{ refusal: PasskeyRefusal } | { counter: number }> {
  return signing.refusal(settings, assertion, expectedOf(expected), passkey, now);
}

/** Whether a stored passkey signature still covers this statement's content as it stands. */
export function storedSignatureHolds(
  settings: PasskeySettings,
  stored: { credential: string; publicKey: string; assertion: string },
  expected: SignedFor,
): Promise<boolean> {
  return signing.storedHolds(settings, stored, expectedOf(expected));
}
