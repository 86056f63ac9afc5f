import type { Kysely } from 'kysely';
import type {
  ControlForm,
  GradeBand,
  Language,
  PasskeyAssertion,
  StatementState,
} from '@lms/shared/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type { AccessRepository, Actor } from '../../access/index.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { PaymentsRepository } from '../payments/index.js';
import { refuse } from './messages.js';
import { createStatementsRepository, type StatementRow } from './repository.js';
import { statementLinesFromJournal } from './journal-lines.js';
import {
  digestOf,
  finalScore,
  saveRefusal,
  signatureOf,
  signatureValid,
  signRefusal,
  stateRefusal,
  type LineFacts,
  type StatementAction,
} from './rules.js';
import { detailOf, type StatementView } from './wire.js';
import type { PasskeyRepository, PasskeySettings } from '../qr/index.js';
import { assertionRefusal, storedSignatureHolds } from './passkey-sign.js';
import { createRetakes } from './retakes.js';
import type { StatementNotices } from './notices.js';

/** What the service is built with (the area's index.ts). */
export interface StatementsServiceDeps {
  db: Kysely<Database>;
  payments: PaymentsRepository;
  access: AccessRepository;
  /** The documents' secret: the server's signature over a statement's digest. */
  secret: string;
  grading: readonly GradeBand[];
  /** Attendance below this percent: not admitted (the journal's threshold). */
  attendanceThreshold: number;
  /** The audit trail: signing, confirming and locking write one row each, in their transaction. */
  trail: AuditTrail;
  /** The teachers' passkeys (the QR check-in's) and their relying party. */
  passkeys: PasskeyRepository;
  passkeySettings: PasskeySettings;
  /** The teachers' notices: a retake sheet assigned, a deadline to watch. */
  notices: Pick<StatementNotices, 'retakeAssigned' | 'announce'>;
}

type Reads = ReturnType<typeof createStatementsRepository>;

/**
 * The statement's writes and its one view. Each write opens ONE transaction, reads the statement
 * and the facts on a repository built on it, asks the rules, then writes; a state change is a
 * guarded update (only from the state it was read in), so of two callers at once one wins.
 */
export function createStatementsService(deps: StatementsServiceDeps) {
  const { db, payments, access, secret, grading, attendanceThreshold, trail } = deps;
  const { passkeys, passkeySettings, notices } = deps;
  const retakes = createRetakes({ db, access, trail, grading, notices });

  /** Whether the statement's signatures (the server's and the passkey's) cover this digest. */
  async function signatureHolds(statement: StatementRow, digest: string): Promise<boolean> {
    const { signature, signed_by: signer } = statement;
    if (signature === null || signer === null || statement.digest !== digest) return false;
    if (!signatureValid(secret, statement.id, signer, digest, signature)) return false;
    const { sign_credential: credential, sign_public_key: publicKey } = statement;
    const assertion = statement.sign_assertion;
    if (credential === null || publicKey === null || assertion === null) return false;
    return storedSignatureHolds(
      passkeySettings,
      { credential, publicKey, assertion },
      { statementId: statement.id, signerUid: signer, digest },
    );
  }

  /** The audit row of a statement's move, last in its transaction (after: its new state). */
  const audited = (
    trx: Kysely<Database>,
    actor: Actor,
    id: number,
    before: { state: string; digest: string | null },
    after: { state: string; digest: string | null },
    now: number,
  ) =>
    trail.record(
      trx,
      actor,
      { kind: 'statement', key: auditKeys.record('statement', id), before, after },
      now,
    );

  /**
   * The lines as they stand: frozen from signing on; while a draft, the current score and the
   * admission from the journal and the holds now, with the points entered so far.
   */
  async function linesOf(trx: Kysely<Database>, reads: Reads, statement: StatementRow) {
    const stored = await reads.lines(statement.id);
    if (statement.state !== 'draft') {
      return stored.map((l) => ({
        fio: l.fio,
        facts: {
          studentId: l.student_id,
          current: l.current ?? 0,
          attendance: l.attendance,
          exam: l.exam,
          admitted: l.admitted === 1,
          reason: l.reason,
          final: l.final,
        } satisfies LineFacts,
      }));
    }
    const figures = await statementLinesFromJournal(
      trx,
      {
        disciplineId: statement.discipline_id,
        groupId: statement.group_id,
        yearId: statement.year_id,
        ws: statement.ws_id,
      },
      (studentId) => payments.unpaidTuition(trx, studentId, statement.year_id),
      attendanceThreshold,
      stored.map((l) => l.student_id),
    );
    return stored.map((l, index) => {
      const f = figures[index]!;
      return {
        fio: l.fio,
        facts: {
          studentId: l.student_id,
          current: f.current,
          attendance: f.attendance,
          exam: l.exam,
          admitted: f.admitted,
          reason: f.reason,
          final: finalScore(f.current, l.exam, f.admitted),
        } satisfies LineFacts,
      };
    });
  }

  const contentOf = (statement: StatementRow, lines: readonly { facts: LineFacts }[]) => ({
    id: statement.id,
    retakeOf: statement.retake_of,
    disciplineId: statement.discipline_id,
    groupId: statement.group_id,
    teacherId: statement.teacher_id,
    yearId: statement.year_id,
    ws: statement.ws_id,
    control: statement.control_form,
    lines: lines.map((l) => l.facts),
  });

  /** The statement's view: its names, its lines, its digest and whether its signature holds. */
  async function view(lng: Language, id: number, now: number): Promise<StatementView> {
    const reads = createStatementsRepository(db);
    const named = await reads.named(lng, id);
    if (!named) throw new ApiError(404, MESSAGES.notFound);
    const lines = await linesOf(db, reads, named);
    const digest = digestOf(contentOf(named, lines));
    const valid =
      named.signature === null || named.signed_by === null
        ? null
        : await signatureHolds(named, digest);
    const { supersededBy, history } = await retakes.historyOf(named);
    return detailOf(named, lines, { digest, valid, supersededBy, history }, grading, now);
  }

  /** Reads the statement in the transaction and refuses an action its state does not allow. */
  async function inState(reads: Reads, id: number, action: StatementAction) {
    const statement = await reads.find(id);
    if (!statement) throw new ApiError(404, MESSAGES.notFound);
    const refusal = stateRefusal(statement.state as StatementState, action);
    if (refusal) throw refuse(refusal);
    return statement;
  }

  return {
    view,

    /** The registrar opens a retake sheet for one student of a confirmed statement. */
    retake: retakes.open,
    /** The teachers a retake sheet of an original may go to (the original's teacher first). */
    retakeTeachers: retakes.teachers,

    /** A new draft listing the group's students; the teacher must teach the group. */
    async create(
      input: {
        disciplineId: number;
        groupId: number;
        teacherId: number;
        yearId: number;
        ws: number;
        control: ControlForm;
        deadline: number;
      },
      now: number,
    ): Promise<number> {
      const teaching = {
        disciplineId: input.disciplineId,
        groupId: input.groupId,
        yearId: input.yearId,
        ws: input.ws,
      };
      const plan = await access
        .assignments({ kind: 'teacher', teacherId: input.teacherId })
        .where('a.discipline_id', '=', teaching.disciplineId)
        .where('a.group_id', '=', teaching.groupId)
        .where('a.year_id', '=', teaching.yearId)
        .where('a.ws_id', '=', teaching.ws)
        .select(['a.study_semester', 'a.credits'])
        .executeTakeFirst();
      if (!plan) throw refuse('notTeaching');
      try {
        const created = await db.transaction().execute(async (trx) => {
          const reads = createStatementsRepository(trx);
          const id = await reads.insertDraft(
            {
              discipline_id: input.disciplineId,
              group_id: input.groupId,
              teacher_id: input.teacherId,
              year_id: input.yearId,
              ws_id: input.ws,
              study_semester: plan.study_semester,
              credits: plan.credits,
              control_form: input.control,
              deadline: input.deadline,
              retake_of: null,
              retake_student_id: null,
            },
            now,
          );
          const students = await reads.groupStudents(input.groupId);
          await reads.insertLines(
            students.map((s) => ({
              statement_id: id,
              student_id: s.id,
              exam: null,
              current: null,
              attendance: null,
              admitted: null,
              reason: null,
              final: null,
            })),
          );
          return id;
        });
        await notices.announce(null);
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse('duplicate');
        throw error;
      }
    },

    /** The teacher's points for some students of a draft. */
    async save(id: number, entries: { studentId: number; exam: number | null }[], now: number) {
      await db.transaction().execute(async (trx) => {
        const reads = createStatementsRepository(trx);
        const statement = await inState(reads, id, 'save');
        const lines = await linesOf(trx, reads, statement);
        const refusal = saveRefusal(
          new Map(lines.map((l) => [l.facts.studentId, l.facts])),
          entries,
        );
        if (refusal) throw refuse(refusal);
        if (!(await reads.touchDraft(id, now))) throw refuse('wrongState');
        for (const entry of entries) await reads.setExam(id, entry.studentId, entry.exam);
      });
    },

    /**
     * The teacher signs the content they saw (`digest`): refused when it changed meanwhile (a
     * journal mark, a hold, another tab's points). The lines are frozen as signed.
     */
    async sign(
      actor: Actor,
      id: number,
      signerUid: number,
      signed: { digest: string; passkey: PasskeyAssertion },
      now: number,
    ) {
      const { digest, passkey: assertion } = signed;
      // Read before the transaction (SQLite's one connection is the transaction's inside it).
      const passkey = await passkeys.passkeyByCredential(assertion.id);
      await db.transaction().execute(async (trx) => {
        const reads = createStatementsRepository(trx);
        const statement = await inState(reads, id, 'sign');
        const lines = await linesOf(trx, reads, statement);
        const refusal = signRefusal(lines.map((l) => l.facts));
        if (refusal) throw refuse(refusal);
        if (digestOf(contentOf(statement, lines)) !== digest) throw refuse('changed');
        // The teacher's passkey signed a challenge naming this statement and this digest.
        const checked = await assertionRefusal(
          passkeySettings,
          assertion,
          { statementId: id, signerUid, digest },
          passkey,
          now,
        );
        if ('refusal' in checked) throw refuse(checked.refusal);
        await reads.passkeyUsed(passkey!.id, checked.counter, now);
        for (const { facts } of lines) {
          await reads.freezeLine(id, facts.studentId, {
            current: facts.current,
            attendance: facts.attendance,
            admitted: facts.admitted ? 1 : 0,
            reason: facts.reason,
            final: facts.final,
          });
        }
        const moved = await reads.move(id, 'draft', {
          state: 'signed',
          digest,
          signature: signatureOf(secret, id, signerUid, digest),
          signed_at: now,
          signed_by: signerUid,
          sign_credential: passkey!.credentialId,
          sign_public_key: passkey!.publicKey,
          sign_assertion: JSON.stringify(assertion),
          updated_at: now,
        });
        if (!moved) throw refuse('wrongState');
        const before = { state: statement.state, digest: statement.digest };
        await audited(trx, actor, id, before, { state: 'signed', digest }, now);
      });
    },

    /**
     * The registrar confirms the signed content they saw: the signature must still cover it;
     * the final grades go into the record (transcript_grades) in the same transaction, once.
     */
    async confirm(actor: Actor, id: number, registrarUid: number, digest: string, now: number) {
      try {
        await db.transaction().execute(async (trx) => {
          const reads = createStatementsRepository(trx);
          const statement = await inState(reads, id, 'confirm');
          const lines = await linesOf(trx, reads, statement);
          const current = digestOf(contentOf(statement, lines));
          if (!(await signatureHolds(statement, current))) throw refuse('tampered');
          if (current !== digest) throw refuse('changed');
          const moved = await reads.move(id, 'signed', {
            state: 'confirmed',
            confirmed_at: now,
            confirmed_by: registrarUid,
            updated_at: now,
          });
          if (!moved) throw refuse('wrongState');
          const grades = lines.map(({ facts }) => ({
            student_id: facts.studentId,
            group_id: statement.group_id,
            discipline_id: statement.discipline_id,
            year_id: statement.year_id,
            ws_id: statement.ws_id,
            study_semester: statement.study_semester,
            credits: statement.credits,
            score: facts.final ?? facts.current,
            created_at: now,
            statement_id: id,
          }));
          // A retake sheet's one grade replaces the record's; an original's are new rows.
          if (statement.retake_of === null) await reads.writeRecord(grades);
          else for (const grade of grades) await reads.replaceGrade(grade);
          const before = { state: statement.state, digest: statement.digest };
          await audited(trx, actor, id, before, { state: 'confirmed', digest }, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse('recorded');
        throw error;
      }
    },

    /** The registrar locks a confirmed statement: from then on it refuses every write. */
    async lock(actor: Actor, id: number, now: number) {
      await db.transaction().execute(async (trx) => {
        const reads = createStatementsRepository(trx);
        const { state, digest } = await inState(reads, id, 'lock');
        const moved = await reads.move(id, 'confirmed', {
          state: 'locked',
          locked_at: now,
          updated_at: now,
        });
        if (!moved) throw refuse('wrongState');
        await audited(trx, actor, id, { state, digest }, { state: 'locked', digest }, now);
      });
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
