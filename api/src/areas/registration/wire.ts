import type {
  PlanDiscipline,
  RegLesson,
  RegSemester,
  RegStream,
  RegWindow,
  Registration,
  RegistrarAppointment,
  RegistrarHold,
  StreamStudent,
  TeacherStream,
  StreamWaiter,
  StudentSearchHit,
  WaitlistEntry,
} from '@lms/shared/contract';
import { isWindowOpen, seatsLeft, type Window } from './rules.js';
import type { SearchCandidate } from './search-rules.js';

// Turning registration's rows into the contract's answers (no SQL, no rules).

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export interface PlanRow {
  id_discipline: number;
  discipline: string;
  kredits: number;
  id_examination: number;
  examination: string;
  is_elective: number;
  id_disciplineForStudent: number | null;
}

export function toPlan(row: PlanRow): PlanDiscipline {
  return {
    id_discipline: row.id_discipline,
    discipline: row.discipline,
    kredits: Number(row.kredits),
    id_examination: row.id_examination,
    examination: row.examination,
    isByPlan: Number(row.is_elective) ? 0 : 1,
    id_disciplineForStudent: row.id_disciplineForStudent,
  };
}

/** A stream row with its seats as numbers and the seats left. */
function withFree<T extends { capacity: number; taken: number }>(row: T) {
  const seats = { capacity: Number(row.capacity), taken: Number(row.taken) };
  return { ...row, ...seats, free: seatsLeft(seats) };
}

/** The semesters of a year (ws rows), as the year and semester chain lists them. */
export function toSemesters(rows: readonly { id: number; name: string }[]): RegSemester[] {
  return rows.map((row) => ({ id_semester: row.id as 1 | 2 | 3, name: row.name }));
}

/** The streams a student may choose, with the seats left in each. */
export function toStreams(rows: readonly Omit<RegStream, 'free'>[]): RegStream[] {
  return rows.map(withFree);
}

/** A teacher's streams with their seats and the length of their waiting lists. */
export function toTeacherStreams(
  rows: readonly (Omit<TeacherStream, 'free' | 'waiting'> & {
    waiting: string | number | null;
  })[],
): TeacherStream[] {
  return rows.map((row) => ({ ...withFree(row), waiting: Number(row.waiting ?? 0) }));
}

export function toRegWindow(window: Window | null, now: number): RegWindow | null {
  return (
    window && {
      opensAt: iso(window.opensAt),
      closesAt: iso(window.closesAt),
      open: isWindowOpen(window, now),
      electives: window.electives,
    }
  );
}

export interface RegistrationRow {
  id: number;
  discipline_id: number;
  discipline: string;
  id_kafedra: number;
  kafedra: string;
  credits: number;
  control_form_id: number;
  examination: string;
  is_by_plan: number;
}

/**
 * The student's registrations with the stream of each lesson type; the first lesson type's
 * teacher and stream stand for the registration (one without a stream is not listed).
 */
export function toRegistrations(
  rows: RegistrationRow[],
  lessons: (RegLesson & { registration_id: number })[],
): Registration[] {
  return rows.flatMap((row): Registration[] => {
    const own: RegLesson[] = lessons
      .filter((lesson) => lesson.registration_id === row.id)
      .map(({ registration_id: _id, ...lesson }) => lesson);
    const first = own[0];
    if (!first) return [];
    return [
      {
        id_disciplineForStudent: row.id,
        id_discipline: row.discipline_id,
        discipline: row.discipline,
        id_kafedra: row.id_kafedra,
        kafedra: row.kafedra,
        kredits: Number(row.credits),
        id_examination: row.control_form_id,
        examination: row.examination,
        isByPlan: Number(row.is_by_plan),
        id_teacher: first.id_teacher,
        t_fio: first.t_fio,
        subgroup: first.subgroup,
        stream: first.stream,
        lessons: own,
      },
    ];
  });
}

export function toStreamStudents(
  rows: {
    id_student: number;
    s_fio: string;
    id_group: number;
    group: string;
    created_at: number | string;
  }[],
): StreamStudent[] {
  return rows.map((row, index) => ({
    num: index + 1,
    id_student: row.id_student,
    s_fio: row.s_fio,
    id_group: row.id_group,
    group: row.group,
    registeredAt: iso(row.created_at),
  }));
}

/** A stream's waiting list in order (positions from 1). */
export function toStreamWaiters(
  rows: { student_id: number; full_name: string; group: string; joined_at: number | string }[],
): StreamWaiter[] {
  return rows.map((row, index) => ({
    position: index + 1,
    id_student: row.student_id,
    s_fio: row.full_name,
    group: row.group,
    joinedAt: iso(row.joined_at),
  }));
}

/** The student's waiting-list rows: the position while waiting, the reason of a skip. */
export function toWaitlistEntries(
  rows: {
    id: number;
    status: string;
    reason: string | null;
    registration_id: number | null;
    decided_at: number | string | null;
    streamId: number;
    stream: string;
    discipline_id: number;
    discipline: string;
    lessonType: string;
    position: number | string | null;
  }[],
  reasonText: (code: string) => string,
  declineMs: number,
  now: number,
): WaitlistEntry[] {
  return rows.map((row) => {
    const status = row.status as WaitlistEntry['status'];
    const declineUntil =
      status === 'promoted' && row.decided_at !== null ? Number(row.decided_at) + declineMs : null;
    return {
      id: row.id,
      subgroup: row.streamId,
      stream: row.stream,
      id_discipline: row.discipline_id,
      discipline: row.discipline,
      vid_zaniatiy: row.lessonType,
      status,
      position: status === 'waiting' ? Number(row.position) : null,
      reason: status === 'skipped' && row.reason ? reasonText(row.reason) : null,
      id_disciplineForStudent: status === 'promoted' ? row.registration_id : null,
      declineUntil: declineUntil !== null && declineUntil > now ? iso(declineUntil) : null,
    };
  });
}

/** The semester's appointments by year of study. */
export function toAppointments(
  rows: readonly { course: number; opens_at: number }[],
): RegistrarAppointment[] {
  return rows.map((row) => ({
    course: row.course,
    opensAt: new Date(row.opens_at).toISOString(),
  }));
}

/** The registrar's holds. */
export function toRegistrarHolds(
  rows: {
    id: number;
    student_id: number;
    full_name: string;
    note: string;
    created_at: number | string;
  }[],
): RegistrarHold[] {
  return rows.map((row) => ({
    id: row.id,
    id_student: row.student_id,
    s_fio: row.full_name,
    note: row.note,
    createdAt: iso(row.created_at),
  }));
}

/** The students a registrar's search found, as the holds form lists them. */
export function toStudentHits(rows: readonly SearchCandidate[]): StudentSearchHit[] {
  return rows.map((row) => ({
    id_student: row.id,
    s_fio: row.fullName,
    group: row.group,
    faculty: row.faculty,
  }));
}
