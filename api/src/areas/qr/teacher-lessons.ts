import type { SessionUser } from '@lms/shared/contract';
import { hiddenRecord, ownRecord } from '../../access/index.js';
import type { Language } from '../../lib/catalogue-names.js';
import type { ScheduleRepository, SlotRecord } from '../schedule/index.js';
import type { QrRepository, QrSessionRecord } from './repository.js';

/** The teacher's lessons and QR sessions: their own only (another's and a missing one alike). */
export function teacherLessons(schedule: ScheduleRepository, qr: QrRepository) {
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

  return { ownSlot, ownSession, checkInsOf };
}

export type TeacherLessons = ReturnType<typeof teacherLessons>;
