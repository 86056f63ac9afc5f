// Registration's rules: pure decisions over what the service has read (no database, no Fastify).
// Each answers null when the write may go on, or the refusal that stops it; messages.ts words
// every refusal and service.ts gives it its status.

/** A semester: two-digit year id and ws (1 fall, 2 spring, 3 summer). */
export interface Term {
  yearId: number;
  ws: number;
}

/** A student as registration sees them: group, subgroup and the group's faculty. */
export interface StudentPlace {
  studentId: number;
  groupId: number;
  subgroupId: number | null;
  facultyId: number;
}

/** A stream's teacher, discipline, lesson type and semester. */
export interface StreamKey extends Term {
  id: number;
  teacherId: number;
  disciplineId: number;
  lessonTypeId: number;
}

/** A stream's seats. */
export interface Seats {
  capacity: number;
  taken: number;
}

/** The registration window of a faculty for a semester (instants in ms). */
export interface Window {
  opensAt: number;
  closesAt: number;
  /** Electives may be chosen in it. */
  electives: boolean;
}

/** A discipline of the group's plan for the semester. */
export interface PlanEntry {
  elective: boolean;
  credits: number;
}

/** Mandatory disciplines follow the plan; electives are chosen. */
export type Kind = 'mandatory' | 'elective';

export type RefusalCode =
  | 'notInPlan'
  | 'electivesClosed'
  | 'windowClosed'
  | 'noWindow'
  | 'streamMismatch'
  | 'streamFull'
  | 'creditLimit'
  | 'duplicate'
  | 'missing'
  | 'lastLessonType'
  | 'hold'
  | 'tuitionHold'
  | 'beforeSlot'
  | 'notFull'
  | 'alreadyWaiting'
  | 'notWaiting'
  | 'declineClosed'
  | 'capacityBelowTaken';

/** Why a registration write is refused, with the values its message shows. */
export type Refusal =
  | { code: 'windowClosed'; opensAt: number; closesAt: number }
  | { code: 'creditLimit'; taken: number; credits: number; limit: number }
  | { code: 'hold'; note: string }
  | { code: 'beforeSlot'; opensAt: number }
  | { code: Exclude<RefusalCode, 'windowClosed' | 'creditLimit' | 'hold' | 'beforeSlot'> };

/** What blocks a student's registration: the registrar's holds and unpaid tuition. */
export interface Holds {
  /** The registrar's notes, oldest first. */
  manual: readonly string[];
  /** A tuition code of the year is not paid in full. */
  tuitionUnpaid: boolean;
}

export const NO_HOLDS: Holds = { manual: [], tuitionUnpaid: false };

/** A hold blocks every registration write: unpaid tuition first, then the registrar's note. */
export function holdRefusal(holds: Holds): Refusal | null {
  if (holds.tuitionUnpaid) return { code: 'tuitionHold' };
  const [note] = holds.manual;
  return note === undefined ? null : { code: 'hold', note };
}

/** The year of study in an academic year of a group admitted in `admissionYear` (two digits). */
export function courseOf(yearId: number, admissionYear: number): number {
  return ((yearId - admissionYear + 100) % 100) + 1;
}

/**
 * A registration appointment: the student's year of study may register from `opensAt` on (null:
 * no appointment, the window alone decides).
 */
export function appointmentRefusal(opensAt: number | null, now: number): Refusal | null {
  return opensAt !== null && now < opensAt ? { code: 'beforeSlot', opensAt } : null;
}

/** A promoted student may decline the seat for `declineMs` after the promotion. */
export function declineRefusal(
  entry: { status: string; decidedAt: number | null } | undefined,
  declineMs: number,
  now: number,
): Refusal | null {
  if (!entry || entry.status !== 'promoted' || entry.decidedAt === null) {
    return { code: 'notWaiting' };
  }
  return now >= entry.decidedAt + declineMs ? { code: 'declineClosed' } : null;
}

/** The window accepts changes from its opening (inclusive) to its closing (exclusive). */
export function isWindowOpen(window: Window, now: number): boolean {
  return now >= window.opensAt && now < window.closesAt;
}

/** Changes are accepted only inside the window; electives only in a window that allows them. */
export function windowRefusal(
  window: Window | null,
  elective: boolean,
  now: number,
): Refusal | null {
  if (!window) return { code: 'noWindow' };
  if (elective && !window.electives) return { code: 'electivesClosed' };
  if (!isWindowOpen(window, now)) {
    return { code: 'windowClosed', opensAt: window.opensAt, closesAt: window.closesAt };
  }
  return null;
}

/**
 * The discipline is in the group's plan for the semester, and (when a chain of one kind asks)
 * of that kind: the mandatory chain does not hand out electives, nor the elective chain
 * mandatory ones.
 */
export function planRefusal(entry: PlanEntry | undefined, kind?: Kind): Refusal | null {
  if (!entry) return { code: 'notInPlan' };
  if (kind !== undefined && entry.elective !== (kind === 'elective')) return { code: 'notInPlan' };
  return null;
}

/**
 * The chosen stream exists, is of the discipline (and of the chosen teacher, when one is named)
 * in that semester, and is offered to the student's group or subgroup.
 */
export function streamRefusal(
  stream: StreamKey | undefined,
  wanted: Term & { disciplineId: number; teacherId?: number },
  offered: boolean,
): Refusal | null {
  if (
    !stream ||
    stream.disciplineId !== wanted.disciplineId ||
    (wanted.teacherId !== undefined && stream.teacherId !== wanted.teacherId) ||
    stream.yearId !== wanted.yearId ||
    stream.ws !== wanted.ws ||
    !offered
  ) {
    return { code: 'streamMismatch' };
  }
  return null;
}

/** A registration looked up again in the write's transaction is still there. */
export function missingRefusal<T>(found: T | undefined): Refusal | null {
  return found === undefined ? { code: 'missing' } : null;
}

/** A discipline is registered for at most once a semester. */
export function duplicateRefusal(existing: number | undefined): Refusal | null {
  return existing === undefined ? null : { code: 'duplicate' };
}

/** A discipline with its credits, as one source of a semester's load names it. */
export interface DisciplineCredits {
  disciplineId: number;
  credits: number;
}

/** What a student carries in a semester, read in one go (`semesterLoad` of the repository). */
export interface SemesterLoad {
  /**
   * The disciplines they study then: the lessons of their group (or subgroup) they attend, as the
   * journal, the chat and the discipline lists name them (the access module's `assignments`).
   */
  studied: readonly DisciplineCredits[];
  /** Their registrations of the semester, with the credits each was made with. */
  registered: readonly DisciplineCredits[];
}

/** Each discipline once: a registration's credits win over the lessons' (the larger of those). */
function creditsByDiscipline(load: SemesterLoad): Map<number, number> {
  const credits = new Map<number, number>();
  for (const { disciplineId, credits: value } of load.studied) {
    credits.set(disciplineId, Math.max(value, credits.get(disciplineId) ?? 0));
  }
  for (const { disciplineId, credits: value } of load.registered) credits.set(disciplineId, value);
  return credits;
}

/**
 * The credits a student carries in a semester: every discipline they study then and every one
 * they registered for, each counted once. The number the student sees and the one the limit is
 * checked against.
 */
export function semesterCredits(load: SemesterLoad): number {
  let sum = 0;
  for (const value of creditsByDiscipline(load).values()) sum += value;
  return sum;
}

/** What registering for the discipline adds to the load: nothing when it is studied already. */
export function creditsAdded(load: SemesterLoad, discipline: DisciplineCredits): number {
  const before = creditsByDiscipline(load);
  return before.has(discipline.disciplineId) ? 0 : discipline.credits;
}

/**
 * A semester's load stays within `limit` credits. A registration that adds nothing (a discipline
 * already studied) is never refused for credits.
 */
export function creditRefusal(taken: number, credits: number, limit: number): Refusal | null {
  return credits > 0 && taken + credits > limit
    ? { code: 'creditLimit', taken, credits, limit }
    : null;
}

/** Seats left in a stream (never below zero). */
export function seatsLeft(seats: Seats): number {
  return Math.max(0, seats.capacity - seats.taken);
}

/** A stream with no seat left takes nobody. */
export function seatRefusal(seats: Seats | undefined): Refusal | null {
  return !seats || seatsLeft(seats) === 0 ? { code: 'streamFull' } : null;
}

/** What a save needs to know, read in its transaction. */
export interface SaveFacts {
  term: Term;
  choice: { disciplineId: number; teacherId: number };
  entry: PlanEntry | undefined;
  window: Window | null;
  stream: StreamKey | undefined;
  offered: boolean;
  /** The student's registration of the discipline that semester, if any. */
  existing: number | undefined;
  /** What the student carries that semester (studied and registered disciplines). */
  load: SemesterLoad;
  creditLimit: number;
  now: number;
  /** What blocks the student (none when absent). */
  holds?: Holds;
  /** When the student's appointment opens (null or absent: none). */
  appointment?: number | null;
}

/**
 * May the student register for the discipline in the stream? In this order: the plan, a hold,
 * the window (electives need one that allows them), the appointment, the stream, a second
 * registration, the credit limit (over the semester's whole load, `semesterCredits`). The seats
 * are decided last, when the stream's seat is taken (`seatRefusal`). A promotion from the
 * waiting list asks the same question.
 */
export function saveRefusal(facts: SaveFacts): Refusal | null {
  const { entry } = facts;
  return (
    planRefusal(entry) ??
    holdRefusal(facts.holds ?? NO_HOLDS) ??
    windowRefusal(facts.window, entry?.elective === true, facts.now) ??
    appointmentRefusal(facts.appointment ?? null, facts.now) ??
    streamRefusal(facts.stream, { ...facts.term, ...facts.choice }, facts.offered) ??
    duplicateRefusal(facts.existing) ??
    creditRefusal(
      semesterCredits(facts.load),
      creditsAdded(facts.load, {
        disciplineId: facts.choice.disciplineId,
        credits: entry?.credits ?? 0,
      }),
      facts.creditLimit,
    )
  );
}

/** What moving a registration's lesson type to a stream needs to know. */
export interface AttendFacts {
  registration: Term & { disciplineId: number };
  entry: PlanEntry | undefined;
  window: Window | null;
  stream: StreamKey | undefined;
  offered: boolean;
  now: number;
}

/** May the registration attend the stream for its lesson type: the window, then the stream. */
export function attendRefusal(facts: AttendFacts): Refusal | null {
  return (
    windowRefusal(facts.window, facts.entry?.elective === true, facts.now) ??
    streamRefusal(facts.stream, facts.registration, facts.offered)
  );
}

/** A registration leaves a lesson type's stream only if it attends it and keeps another one. */
export function leaveRefusal(lessonTypes: readonly number[], lessonTypeId: number): Refusal | null {
  if (!lessonTypes.includes(lessonTypeId)) return { code: 'missing' };
  if (lessonTypes.length === 1) return { code: 'lastLessonType' };
  return null;
}

/**
 * May the student choose electives now? There must be electives in the plan and an open window
 * that allows them.
 */
export function electivesRefusal(
  electives: number,
  window: Window | null,
  now: number,
): Refusal | null {
  if (electives === 0) return { code: 'notInPlan' };
  return windowRefusal(window, true, now);
}

/**
 * May the student join the stream's waiting list? Everything a save asks (a hold, the window, a
 * second registration, the credits), and the stream must be full (with seats left they register
 * instead) and the student not on its list already.
 */
export function joinRefusal(
  facts: SaveFacts & { seats: Seats | undefined; waiting: boolean },
): Refusal | null {
  return (
    saveRefusal(facts) ??
    (facts.seats && seatsLeft(facts.seats) > 0 ? { code: 'notFull' } : null) ??
    (facts.waiting ? { code: 'alreadyWaiting' } : null)
  );
}
