import type { AuditKind } from '@lms/shared/contract';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import { syncRunOf, type Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { canonicalJson, digestOf, GENESIS_DIGEST, type ChainContent } from './rules.js';

/** The key of PostgreSQL's advisory lock that keeps the chain linear ("audit" in ASCII). */
const CHAIN_LOCK = 0x61756469;

/** The columns an audit row is written with, in the order of its insert's parameters. */
const INSERTED = [
  'at',
  'user_id',
  'role',
  'address',
  'device',
  'kind',
  'record_key',
  'student_id',
  'old_value',
  'new_value',
  'prev_digest',
  'digest',
] as const;

/** One change to record: which record, whose it concerns, and its value before and after. */
export interface AuditChange {
  kind: AuditKind;
  /** The record's key within its kind, e.g. `lesson:12/student:5` (auditKeys). */
  key: string;
  /** students.id of the student the record concerns, if any (their history, the registrar's). */
  studentId?: number | null;
  /** The record before and after (null: it did not exist / no longer exists). */
  before: unknown;
  after: unknown;
}

/** The keys of the records the trail names (one spelling each, so a history is one lookup). */
export const auditKeys = {
  cell: (lessonId: number, studentId: number) => `lesson:${lessonId}/student:${studentId}`,
  lesson: (lessonId: number) => `lesson:${lessonId}`,
  record: (table: string, id: number | string) => `${table}:${id}`,
};

/**
 * Writes the audit trail: one row per change, on the change's own transaction, chained to the
 * previous row. The chain stays linear with parallel writers: on PostgreSQL each writer takes a
 * transaction-scoped advisory lock before it reads the chain's head (held until its commit or
 * rollback, so ids and links follow one order); SQLite has one writer at a time already.
 */
export function createAuditTrail(dialect: Dialect, db?: Kysely<Database>) {
  /** SQLite: the trail's statements run at once inside the caller's transaction. */
  const direct = db ? syncRunOf(db) : undefined;
  /**
   * Takes the chain's lock on `trx` (PostgreSQL; again in one transaction is free). A writer
   * that reads a record's old value calls it first, so no other audited write of that record
   * commits between its read and its row.
   */
  const hold = async (trx: Kysely<Database>): Promise<void> => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  };

  // The chain's two statements, compiled once (on their first use) and run with each row's
  // values: a mark or a registration pays for its audit row's SQL, not for building it anew.
  let headQuery: CompiledQuery<{ digest: string }> | undefined;
  let insertQuery: CompiledQuery | undefined;
  const compiled = (trx: Kysely<Database>) => {
    headQuery ??= trx
      .selectFrom('audit_trail')
      .select('digest')
      .orderBy('id', 'desc')
      .limit(1)
      .compile();
    if (!insertQuery) {
      // Compiled from a row whose values are the columns' places, so a change of the builder's
      // parameter order is found here, not in a wrong chain.
      const sample = Object.fromEntries(INSERTED.map((column, index) => [column, index]));
      const query = trx
        .insertInto('audit_trail')
        .values(sample as never)
        .compile();
      if (query.parameters.some((value, at) => value !== at)) {
        throw new Error("the audit row's insert does not take its columns in order");
      }
      insertQuery = query;
    }
    return { head: headQuery, insert: insertQuery };
  };

  return {
    hold,

    /** Appends one row for `change` by `actor` at `now` (the server's clock) on `trx`. */
    async record(
      trx: Kysely<Database>,
      actor: Actor,
      change: AuditChange,
      now: number = Date.now(),
    ): Promise<void> {
      await hold(trx);
      const { head, insert } = compiled(trx);
      // At once only on a transaction: on SQLite's one connection it is then the caller's own.
      const run = trx.isTransaction ? direct : undefined;
      const ran = run?.(head.sql, head.parameters) as { digest: string }[] | undefined;
      const previous = (ran ?? (await trx.executeQuery(head)).rows)[0]?.digest ?? GENESIS_DIGEST;
      const content: ChainContent = {
        at: now,
        user_id: actor.userId,
        role: actor.role,
        address: actor.address,
        device: actor.device,
        kind: change.kind,
        record_key: change.key,
        student_id: change.studentId ?? null,
        old_value: canonicalJson(change.before),
        new_value: canonicalJson(change.after),
      };
      const row: Record<(typeof INSERTED)[number], unknown> = {
        ...content,
        prev_digest: previous,
        digest: digestOf(previous, content),
      };
      const parameters = INSERTED.map((column) => row[column]);
      if (ran && run?.(insert.sql, parameters)) return;
      await trx.executeQuery({ ...insert, parameters });
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
