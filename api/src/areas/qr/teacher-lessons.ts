import type { SessionUser } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { hiddenRecord, ownRecord } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import type { JournalRepository } from '../journal/index.js';
import type { ScheduleRepository, SlotRecord } from '../schedule/index.js';
import {
  journalKeyOf,
  sessionWrites,
  type QrRepository,
  type QrSessionRecord,
} from './repository.js';

export interface TeacherLessonsCollaborators {
  db: Kysely<Database>;
  schedule: ScheduleRepository;
  qr: QrRepository;
  journal: JournalRepository;
}

/** The teacher's lessons and QR sessions: their own only (another's and a missing one alike). */
export function teacherLessons({ db, schedule, qr, journal }: TeacherLessonsCollaborators) {
  const ownSlot = async (lng: Language, user: SessionUser, slotId: number): Promise<SlotRecord> =>
    ownRecord(user, await schedule.slot(lng, slotId), (slot) => slot.teacherId);

  /** The teacher's own QR session with its slot. */
  const ownSession = async (lng: Language, user: SessionUser, sessionId: number) => {
    const session = await qr.session(sessionId);
    if (!session) throw hiddenRecord();
    const slot = await ownSlot(lng, user, session.slotId);
    return { session, slot };
  };

  /** The lesson's list and who has checked in. */
  const checkInsOf = async (slot: SlotRecord, session: QrSessionRecord) => {
    const students = await qr.checkIns(slot, session);
    return {
      id_qr: session.id,
      id_lesson: session.journalLessonId,
      open: session.open,
      checkedIn: students.filter((s) => s.marked).length,
      expected: students.length,
      students,
    };
  };

  /**
   * The QR session of a slot's occurrence on `date`, opened when missing: its journal lesson
   * (form of education 1) and the session in one transaction, so a failed opening leaves neither.
   */
  const openSession = async (slot: SlotRecord, date: string, by: number, now: number) => {
    const existing = await qr.sessionOf(slot.id, date);
    if (existing) return existing;
    const key = { ...journalKeyOf(slot), id_f_educ: 1, id_time: slot.timeId, date };
    await db.transaction().execute(async (trx) => {
      const journalLessonId = await journal.ensureLesson(trx, slot.teacherId, key, now);
      await sessionWrites(trx).insertSession({ slotId: slot.id, date, journalLessonId, by, now });
    });
    // A concurrent opening may have stored it first: the stored one is the lesson's session.
    const opened = await qr.sessionOf(slot.id, date);
    if (!opened) throw new Error(`QR session of slot ${slot.id} on ${date} was not stored`);
    return opened;
  };

  return { ownSlot, ownSession, checkInsOf, openSession };
}

export type TeacherLessons = ReturnType<typeof teacherLessons>;
