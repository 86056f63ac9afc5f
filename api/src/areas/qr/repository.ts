import { randomBytes } from 'node:crypto';
import { ABSENCE_MARK, type JournalKey, type QrStudent } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../access/index.js';
import type { JournalRepository } from '../journal/index.js';
import type { SlotRecord } from '../schedule/index.js';
import type { VisitOutcome } from './rules.js';

/** A lesson's QR session (qr_sessions): one per timetable slot and date. */
export interface QrSessionRecord {
  id: number;
  slotId: number;
  date: string;
  journalLessonId: number;
  secret: string;
  open: boolean;
}

/** A QR check-in to store: the visit row and the journal cell it makes, in one transaction. */
export interface VisitInput {
  session: QrSessionRecord;
  studentId: number;
  /** users.id of the student: the cell's writer. */
  uid: number;
  deviceHash: string;
  /** sha256 of the passkey credential that signed the check-in. */
  passkeyHash: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  distanceM: number;
  now: number;
}

const sessionColumns = [
  'q.id',
  'q.schedule_lesson_id as slotId',
  'q.lesson_date as date',
  'q.journal_lesson_id as journalLessonId',
  'q.secret',
  'q.is_open',
] as const;
const toSession = (row: {
  id: number;
  slotId: number;
  date: string;
  journalLessonId: number;
  secret: string;
  is_open: number;
}): QrSessionRecord => ({
  id: row.id,
  slotId: row.slotId,
  date: row.date,
  journalLessonId: row.journalLessonId,
  secret: row.secret,
  open: Number(row.is_open) === 1,
});

/** The journal key of a slot (its discipline, group or subgroup, lesson type, semester). */
export function journalKeyOf(slot: SlotRecord): JournalKey {
  return {
    year: slot.yearId,
    ws: slot.ws as 1 | 2 | 3,
    id_discipline: slot.disciplineId,
    id_group: slot.groupId,
    id_subgroup: slot.subgroupId,
    id_vid_zaniatiy: slot.lessonTypeId,
  };
}

/**
 * The writes of a check-in, on the executor given: the check-in service runs them in its one
 * transaction.
 */
export function visitWrites(db: Kysely<Database>) {
  return {
    /**
     * Stores a check-in once (on the check-in's transaction): a repeat by the same student
     * changes nothing; another student from a device that already checked someone in is refused.
     * 'marked' when stored: the service then writes the journal cell as its rule decides.
     */
    async recordVisit(input: VisitInput): Promise<VisitOutcome> {
      const inserted = await db
        .insertInto('qr_visits')
        .values({
          qr_session_id: input.session.id,
          student_id: input.studentId,
          device_hash: input.deviceHash,
          passkey_hash: input.passkeyHash,
          latitude: input.latitude,
          longitude: input.longitude,
          accuracy: input.accuracy,
          distance_m: input.distanceM,
          created_at: input.now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const mine = await db
          .selectFrom('qr_visits')
          .select('id')
          .where('qr_session_id', '=', input.session.id)
          .where('student_id', '=', input.studentId)
          .executeTakeFirst();
        if (mine) return 'repeat';
        const samePasskey = await db
          .selectFrom('qr_visits')
          .select('id')
          .where('qr_session_id', '=', input.session.id)
          .where('passkey_hash', '=', input.passkeyHash)
          .executeTakeFirst();
        return samePasskey ? 'passkeyUsed' : 'deviceUsed';
      }
      return 'marked';
    },

    /** A verified assertion's counter: it only moves forward (simultaneous uses keep the highest). */
    async passkeyCounter(id: number, counter: number): Promise<void> {
      await db
        .updateTable('qr_passkeys')
        .set({ counter })
        .where('id', '=', id)
        .where('counter', '<', counter)
        .execute();
    },

    /** The passkey checked its owner in (a repeat writes nothing). */
    async passkeyUsed(id: number, now: number): Promise<void> {
      await db.updateTable('qr_passkeys').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

/** A new QR session to store (open, with its journal lesson and a fresh secret). */
export interface NewSession {
  slotId: number;
  date: string;
  journalLessonId: number;
  by: number;
  now: number;
}

/** The writes of opening a lesson's QR, on the executor given: the opener runs them in one transaction. */
export function sessionWrites(db: Kysely<Database>) {
  return {
    /** Stores the session once: a concurrent opening of the same slot and date stores nothing. */
    async insertSession(session: NewSession): Promise<void> {
      await db
        .insertInto('qr_sessions')
        .values({
          schedule_lesson_id: session.slotId,
          lesson_date: session.date,
          journal_lesson_id: session.journalLessonId,
          secret: randomBytes(32).toString('hex'),
          is_open: 1,
          opened_by: session.by,
          created_at: session.now,
          updated_at: session.now,
        })
        .onConflict((oc) => oc.columns(['schedule_lesson_id', 'lesson_date']).doNothing())
        .execute();
    },
  };
}

/** QR sessions, the check-ins' lists and the teacher's hand marks. */
export function createQrRepository(db: Kysely<Database>, journal: JournalRepository) {
  return {
    /** The QR session of a slot's occurrence on `date`, if it has been opened. */
    async sessionOf(slotId: number, date: string): Promise<QrSessionRecord | undefined> {
      const row = await db
        .selectFrom('qr_sessions as q')
        .select(sessionColumns)
        .where('q.schedule_lesson_id', '=', slotId)
        .where('q.lesson_date', '=', date)
        .executeTakeFirst();
      return row && toSession(row);
    },

    async session(id: number): Promise<QrSessionRecord | undefined> {
      const row = await db
        .selectFrom('qr_sessions as q')
        .select(sessionColumns)
        .where('q.id', '=', id)
        .executeTakeFirst();
      return row && toSession(row);
    },

    /**
     * Open sessions of `date` for a group (or one of its subgroups): the typed code's candidates.
     * A stream's lesson is among them for every student of the group; membership is checked
     * once the code has matched (`attends`), so a student of another stream hears why.
     */
    async openSessionsFor(groupId: number, subgroupId: number | null, date: string) {
      const rows = await db
        .selectFrom('qr_sessions as q')
        .innerJoin('schedule_lessons as l', 'l.id', 'q.schedule_lesson_id')
        .select(sessionColumns)
        .where('q.lesson_date', '=', date)
        .where('q.is_open', '=', 1)
        .where('l.group_id', '=', groupId)
        .where((eb) =>
          subgroupId === null
            ? eb('l.subgroup_id', 'is', null)
            : eb.or([eb('l.subgroup_id', 'is', null), eb('l.subgroup_id', '=', subgroupId)]),
        )
        .execute();
      return rows.map(toSession);
    },

    async setOpen(id: number, open: boolean, now: number): Promise<void> {
      await db
        .updateTable('qr_sessions')
        .set({ is_open: open ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** The lesson's students with their cells: marked = on the list and not the absence mark. */
    async checkIns(slot: SlotRecord, session: QrSessionRecord): Promise<QrStudent[]> {
      const [roster, cells] = await Promise.all([
        journal.students(journalKeyOf(slot)),
        db
          .selectFrom('journal_marks')
          .select(['student_id', 'otsenka', 'source', 'updated_at'])
          .where('lesson_id', '=', session.journalLessonId)
          .execute(),
      ]);
      const byStudent = new Map(cells.map((cell) => [cell.student_id, cell]));
      return roster.map((student) => {
        const cell = byStudent.get(student.id_student);
        return {
          id_student: student.id_student,
          s_fio: student.s_fio,
          marked: cell !== undefined && cell.otsenka !== ABSENCE_MARK,
          otsenka: cell?.otsenka ?? null,
          source: cell?.source ?? null,
          at: cell ? Number(cell.updated_at) : null,
        };
      });
    },

    /** The teacher's hand mark: present (null) or absent (the absence mark), source manual. */
    async markByHand(
      actor: Actor,
      session: QrSessionRecord,
      studentId: number,
      present: boolean,
      by: number,
    ) {
      const mark = present ? null : ABSENCE_MARK;
      await journal.setMark(actor, session.journalLessonId, studentId, mark, by);
    },
  };
}

export type QrRepository = ReturnType<typeof createQrRepository>;
