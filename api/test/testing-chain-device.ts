// A device's hash chain of an attempt as the browser keeps it (mfe-testing's outbox/chain.ts),
// computed here with node:crypto over the shared canonical encoding: the API tests' device.
import { createHash } from 'node:crypto';
import {
  chainGenesisText,
  chainLinkText,
  type TestingAnswerValue,
  type TestingChainLink,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface DeviceAnswer {
  questionId: number;
  version: number;
  response: TestingAnswerValue;
  recordedAt: number;
}

/** One device's chain of one attempt: each `record` is the next link. */
export function chainDevice(attemptId: number, device: string) {
  let head = sha256(chainGenesisText(attemptId, device));
  let seq = 0;
  return {
    record(answer: DeviceAnswer): DeviceAnswer & { chain: TestingChainLink } {
      seq += 1;
      head = sha256(
        chainLinkText(head, {
          attemptId,
          questionId: answer.questionId,
          seq,
          recordedAt: answer.recordedAt,
          version: answer.version,
          response: answer.response,
        }),
      );
      return { ...answer, chain: { device, seq, recordedAt: answer.recordedAt, digest: head } };
    },
  };
}

/** Sets columns of an attempt as stored (its times, to put it before or past its deadline). */
export const setAttempt = (
  db: Kysely<Database>,
  attemptId: number,
  set: Record<string, number | null>,
) => db.updateTable('testing_attempts').set(set).where('id', '=', attemptId).execute();

/** What the database holds of an attempt: its answers, its chains' heads, its refused answers. */
export async function storedOf(db: Kysely<Database>, attemptId: number) {
  const where = ['attempt_id', '=', attemptId] as const;
  return {
    answers: await db
      .selectFrom('testing_answers')
      .selectAll()
      .where(...where)
      .execute(),
    heads: await db
      .selectFrom('testing_chains')
      .selectAll()
      .where(...where)
      .execute(),
    refused: await db
      .selectFrom('testing_refused_answers')
      .selectAll()
      .where(...where)
      .execute(),
  };
}
