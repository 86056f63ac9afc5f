import type { Kysely } from 'kysely';
import type { PasskeyAssertion } from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import type { PasskeyRepository, PasskeySettings } from '../qr/index.js';
import { createChainRepository } from './chain.js';
import { TESTING_MESSAGES } from './messages.js';
import { submissionOptions, submissionRefusal } from './passkey-sign.js';

export interface SigningParts {
  db: Kysely<Database>;
  passkeys: PasskeyRepository;
  settings: PasskeySettings;
}

/**
 * The student's passkey over the chain head at submission (passkey-sign.ts): the ceremony's
 * options for a device's head, and the check of an assertion, which answers what to store.
 */
export function createSigning({ db, passkeys, settings }: SigningParts) {
  return {
    /** The options for this device's head; null without a passkey or a chain. */
    async options(attemptId: number, uid: number, device: string, now: number) {
      const own = await passkeys.passkeysOf(uid);
      const held = await createChainRepository(db).head(attemptId, device);
      if (own.length === 0 || !held) return null;
      return submissionOptions(settings, { attemptId, signerUid: uid, head: held.head }, own, now);
    },

    /**
     * The signature's columns when the assertion signs a head the attempt holds now, for this
     * student, by their passkey; refused (400/409) otherwise, nothing written.
     */
    async checked(attemptId: number, uid: number, assertion: PasskeyAssertion, now: number) {
      const heads = (await createChainRepository(db).headsOf(attemptId)).map((h) => h.head);
      const passkey = await passkeys.passkeyByCredential(assertion.id);
      const result = await submissionRefusal(
        settings,
        assertion,
        { attemptId, signerUid: uid, heads },
        passkey,
        now,
      );
      if ('refusal' in result) {
        throw new ApiError(
          result.refusal === 'passkeyExpired' ? 409 : 400,
          TESTING_MESSAGES[result.refusal],
        );
      }
      // Signature counters only move forward (as the QR check-in's and the statements' do).
      await db
        .updateTable('qr_passkeys')
        .set({ last_used_at: now })
        .where('id', '=', passkey!.id)
        .execute();
      await db
        .updateTable('qr_passkeys')
        .set({ counter: result.counter })
        .where('id', '=', passkey!.id)
        .where('counter', '<', result.counter)
        .execute();
      return {
        signed_head: result.head,
        sign_credential: passkey!.credentialId,
        sign_public_key: passkey!.publicKey,
        sign_assertion: JSON.stringify(assertion),
      };
    },
  };
}

export type Signing = ReturnType<typeof createSigning>;
