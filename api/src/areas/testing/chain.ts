import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  chainGenesisText,
  chainLinkText,
  type Language,
  type TestingAnswerBody,
  type TestingChainLink,
  type TestingRefusedAnswer,
} from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { TESTING_MESSAGES } from './messages.js';
import type { TestingRefusal } from './rules.js';
import { refused } from './service.js';

/**
 * The devices' hash chains of the attempts (the encoding: shared/src/contract/testing-chain.ts;
 * what it proves: docs/security.md). The server keeps each chain's head, one per attempt and
 * device, and takes a link only when it is the next one and its digest is the SHA-256 of the
 * canonical text over the head it holds: a forged digest is refused with a 400, a link out of
 * its place (moved, skipped, or beaten by another) with a 409, and nothing is written.
 */

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** The chain's first "previous" digest for a device's chain of an attempt. */
export const genesisOf = (attemptId: number, device: string): string =>
  sha256Hex(chainGenesisText(attemptId, device));

/** The head a link continues: null for the device's first link. */
export interface ChainHead {
  seq: number;
  head: string;
}

/** A sound link: `resent` when it is the head itself, sent again (its answer is already taken). */
export interface CheckedLink {
  link: TestingChainLink;
  previous: ChainHead | null;
  resent: boolean;
}

/** The digest a link must carry over `previous` (the body's own facts). */
export function digestOf(attemptId: number, previous: string, body: TestingAnswerBody): string {
  const link = body.chain as TestingChainLink;
  return sha256Hex(
    chainLinkText(previous, {
      attemptId,
      questionId: body.questionId,
      seq: link.seq,
      recordedAt: link.recordedAt,
      version: body.version,
      response: body.response,
    }),
  );
}

/** Checks a link against the head held (pure): the refusal, or the link's place. */
export function checkLink(
  attemptId: number,
  held: ChainHead | null,
  body: TestingAnswerBody & { chain: TestingChainLink },
): { refusal: TestingRefusal; status: 400 | 409 } | CheckedLink {
  const link = body.chain;
  if (held && link.seq === held.seq && link.digest === held.head) {
    return { link, previous: held, resent: true };
  }
  if (link.seq !== (held?.seq ?? 0) + 1) return { refusal: 'chainOrder', status: 409 };
  const previous = held?.head ?? genesisOf(attemptId, link.device);
  if (digestOf(attemptId, previous, body) !== link.digest) {
    return { refusal: 'chainForged', status: 400 };
  }
  return { link, previous: held, resent: false };
}

/**
 * The links of a device's list (student/answers.json) that the server took before: those that
 * lead, link by link in the list, to the head it holds (each digest is over the one before it,
 * so a link that chains into the head is the one the head was made over). A list sent again
 * after its answer was lost is answered as a head sent again is: from what is stored. The
 * earliest of them has no link before it in the list to check its own facts against, so these
 * are answered from what is stored only, never written (attempt-answer.ts).
 */
export function takenBefore(
  attemptId: number,
  heads: Map<string, ChainHead>,
  list: TestingAnswerBody[],
): Set<TestingAnswerBody> {
  const taken = new Set<TestingAnswerBody>();
  for (const [device, held] of heads) {
    const mine = list.filter((body) => body.chain?.device === device);
    let at = mine.findIndex((b) => b.chain?.seq === held.seq && b.chain.digest === held.head);
    while (at > 0) {
      const [earlier, later] = [mine[at - 1], mine[at]] as [TestingAnswerBody, TestingAnswerBody];
      const [before, after] = [earlier.chain, later.chain] as [TestingChainLink, TestingChainLink];
      if (
        before.seq !== after.seq - 1 ||
        digestOf(attemptId, before.digest, later) !== after.digest
      ) {
        break;
      }
      taken.add(earlier);
      at -= 1;
    }
  }
  return taken;
}

/** The chains' SQL, on the handle or a transaction. */
export function createChainRepository(db: Kysely<Database>) {
  return {
    async head(attemptId: number, device: string): Promise<ChainHead | null> {
      const row = await db
        .selectFrom('testing_chains')
        .select(['seq', 'head'])
        .where('attempt_id', '=', attemptId)
        .where('device', '=', device)
        .executeTakeFirst();
      return row ? { seq: Number(row.seq), head: row.head } : null;
    },

    /** Every device's head of the attempt. */
    async headsOf(attemptId: number): Promise<(ChainHead & { device: string })[]> {
      const rows = await db
        .selectFrom('testing_chains')
        .select(['device', 'seq', 'head'])
        .where('attempt_id', '=', attemptId)
        .execute();
      return rows.map((row) => ({ device: row.device, seq: Number(row.seq), head: row.head }));
    },

    /**
     * Moves the head to `checked`'s link, only from the head it was checked against; false when
     * another request moved it first.
     */
    async advance(attemptId: number, checked: CheckedLink, now: number): Promise<boolean> {
      const { link, previous } = checked;
      if (!previous) {
        const inserted = await db
          .insertInto('testing_chains')
          .values({
            attempt_id: attemptId,
            device: link.device,
            seq: link.seq,
            head: link.digest,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.columns(['attempt_id', 'device']).doNothing())
          .returning('seq')
          .executeTakeFirst();
        return inserted !== undefined;
      }
      const result = await db
        .updateTable('testing_chains')
        .set({ seq: link.seq, head: link.digest, updated_at: now })
        .where('attempt_id', '=', attemptId)
        .where('device', '=', link.device)
        .where('seq', '=', previous.seq)
        .where('head', '=', previous.head)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Keeps an answer refused for the teacher (never scored). */
    async keepRefused(
      attemptId: number,
      body: TestingAnswerBody & { chain: TestingChainLink },
      reason: TestingRefusal,
      now: number,
      lateMs: number | null,
    ): Promise<void> {
      await db
        .insertInto('testing_refused_answers')
        .values({
          attempt_id: attemptId,
          question_id: body.questionId,
          response: JSON.stringify(body.response),
          version: body.version,
          reason,
          received_at: now,
          late_ms: lateMs,
          device: body.chain.device,
          seq: body.chain.seq,
        })
        .execute();
    },

    /** An attempt's refused answers, oldest first, as the teacher reads them. */
    async refusedOf(attemptId: number, lang: Language): Promise<TestingRefusedAnswer[]> {
      const rows = await db
        .selectFrom('testing_refused_answers')
        .selectAll()
        .where('attempt_id', '=', attemptId)
        .orderBy('received_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        questionId: row.question_id,
        response: JSON.parse(row.response) as TestingRefusedAnswer['response'],
        reason: TESTING_MESSAGES[row.reason as keyof typeof TESTING_MESSAGES]?.[lang] ?? row.reason,
        receivedAt: Number(row.received_at),
        lateMs: row.late_ms === null ? null : Number(row.late_ms),
      }));
    },
  };
}

/**
 * Checks an answer's link against the head held: throws the refusal (nothing written), or
 * answers the link's place (null: the answer carries no link).
 */
export async function checkedLink(
  db: Kysely<Database>,
  attemptId: number,
  body: TestingAnswerBody,
  taken?: Set<TestingAnswerBody>,
  heads?: Map<string, ChainHead>,
): Promise<CheckedLink | null> {
  const chain = body.chain;
  if (!chain) return null;
  // Taken before, as its list shows (`takenBefore`): as good as the head sent again.
  if (taken?.has(body)) return { link: chain, previous: null, resent: true };
  // A list's transaction holds every device's head as it has moved them (`heads`).
  const held = heads
    ? (heads.get(chain.device) ?? null)
    : await createChainRepository(db).head(attemptId, chain.device);
  const checked = checkLink(attemptId, held, { ...body, chain });
  if ('refusal' in checked) throw refused(checked.refusal, checked.status);
  return checked;
}

/** Moves the head within a transaction; a head moved meanwhile refuses (the writes roll back). */
export async function advanceOrRefuse(
  trx: Kysely<Database>,
  attemptId: number,
  checked: CheckedLink | null,
  now: number,
  heads?: Map<string, ChainHead>,
): Promise<void> {
  if (!checked || checked.resent) return;
  if (!(await createChainRepository(trx).advance(attemptId, checked, now))) {
    throw refused('chainOrder', 409);
  }
  heads?.set(checked.link.device, { seq: checked.link.seq, head: checked.link.digest });
}
