import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';
import { Ws } from './discipline.js';
import { STUDENT_SEARCH_MAX_LENGTH } from './constants.js';
import { withSchemas } from './endpoint.js';
import { REGISTRATION_ADDRESSES } from './endpoints/registration.js';
import { EmptyBody } from './envelope.js';

// Discipline registration (spec §3 "Discipline registration", §7 "Registration"). Every call is
// POST /lms/api/regfordisciplines/<name>.json with the envelope, except GET getyears.json and the
// teacher's CSV. A student registers for the mandatory disciplines of their group's study plan
// and, when the permission call allows, for its electives: they choose a teacher and a stream
// (a teacher's group of seats for one lesson type). The caller is the session's user; a uid in a
// body must be theirs.

/** Seats-and-credits defaults: most credits a student may register for in one semester. */
export const REGISTRATION_CREDIT_LIMIT = 35;

const Year = Type.Integer({ minimum: 0, maximum: 99 });
const Uid = Id;
const semester = { id_a_year: Year, id_semester: Ws };

/** The sms answer of a write, shown as a notification. */
export const RegSmsResponse = Type.Object({ sms: Type.String() });
export type RegSmsResponse = Static<typeof RegSmsResponse>;

/** POST getdefyear.json {}: the current academic year. */
export const RegYear = Type.Object({ id_a_year: Type.Integer(), name: Type.String() });
export type RegYear = Static<typeof RegYear>;
/** GET getyears.json: the years, newest first. */
export const RegYearsResponse = Type.Array(RegYear);
export type RegYearsResponse = Static<typeof RegYearsResponse>;

/** POST getsemesters.json {id_a_year}: semesters of that year with a plan (or streams) for the caller. */
export const RegSemestersBody = Type.Object({ id_a_year: Year });
export type RegSemestersBody = Static<typeof RegSemestersBody>;
export const RegSemester = Type.Object({ id_semester: Ws, name: Type.String() });
export type RegSemester = Static<typeof RegSemester>;
export const RegSemestersResponse = Type.Array(RegSemester);
export type RegSemestersResponse = Static<typeof RegSemestersResponse>;

/** A semester of the caller (students: their own uid). */
export const RegListBody = Type.Object({ ...semester, uid: Type.Optional(Uid) });
export type RegListBody = Static<typeof RegListBody>;

/** One lesson type of a registration: the teacher and stream the student attends it with. */
export const RegLesson = Type.Object({
  id_vid_zaniatiy: Id,
  vid_zaniatiy: Type.String(),
  id_teacher: Id,
  t_fio: Type.String(),
  subgroup: Id,
  stream: Type.String(),
});
export type RegLesson = Static<typeof RegLesson>;

/** One registration of the student (getreglist). */
export const Registration = Type.Object({
  id_disciplineForStudent: Id,
  id_discipline: Id,
  discipline: Type.String(),
  id_kafedra: Id,
  kafedra: Type.String(),
  kredits: Type.Integer(),
  id_examination: Id,
  examination: Type.String(),
  /** 1 = a discipline of the plan (mandatory), 0 = an elective. */
  isByPlan: Type.Integer({ minimum: 0, maximum: 1 }),
  /** The first lesson type's teacher and stream (the one chosen when saving). */
  id_teacher: Id,
  t_fio: Type.String(),
  subgroup: Id,
  stream: Type.String(),
  lessons: Type.Array(RegLesson),
});
export type Registration = Static<typeof Registration>;

/** A discipline of the student's plan for the semester. */
export const PlanDiscipline = Type.Object({
  id_discipline: Id,
  discipline: Type.String(),
  kredits: Type.Integer(),
  id_examination: Id,
  examination: Type.String(),
  /** 1 = mandatory, 0 = elective. */
  isByPlan: Type.Integer({ minimum: 0, maximum: 1 }),
  /** The student's registration for it, if any. */
  id_disciplineForStudent: Type.Union([Id, Type.Null()]),
});
export type PlanDiscipline = Static<typeof PlanDiscipline>;

/** The registration window of the student's faculty for the semester. */
export const RegWindow = Type.Object({
  /** ISO instants. */
  opensAt: Type.String(),
  closesAt: Type.String(),
  open: Type.Boolean(),
  /** Electives may be chosen in this window. */
  electives: Type.Boolean(),
});
export type RegWindow = Static<typeof RegWindow>;

/** POST getreglist.json: the student's registrations, mandatory plan, credits and window. */
export const RegListResponse = Type.Object({
  items: Type.Array(Registration),
  /** The mandatory disciplines of the plan (electives come from optional/disciplines). */
  plan: Type.Array(PlanDiscipline),
  kredits: Type.Integer(),
  kreditLimit: Type.Integer(),
  window: Type.Union([RegWindow, Type.Null()]),
});
export type RegListResponse = Static<typeof RegListResponse>;

/** getteachersforregel / optional/teachers: teachers with streams for a plan discipline. */
export const RegTeachersBody = Type.Object({ ...semester, id_discipline: Id });
export type RegTeachersBody = Static<typeof RegTeachersBody>;
export const RegTeacher = Type.Object({ id_teacher: Id, t_fio: Type.String() });
export type RegTeacher = Static<typeof RegTeacher>;
export const RegTeachersResponse = Type.Array(RegTeacher);
export type RegTeachersResponse = Static<typeof RegTeachersResponse>;

/** getsubgroupsforregel / optional/subgroups: a teacher's streams of the discipline. */
export const RegStreamsBody = Type.Object({ ...semester, id_discipline: Id, id_teacher: Id });
export type RegStreamsBody = Static<typeof RegStreamsBody>;
export const RegStream = Type.Object({
  subgroup: Id,
  name: Type.String(),
  id_teacher: Id,
  t_fio: Type.String(),
  id_vid_zaniatiy: Id,
  vid_zaniatiy: Type.String(),
  capacity: Type.Integer(),
  taken: Type.Integer(),
  /** Seats left (capacity − taken, never below 0). */
  free: Type.Integer(),
});
export type RegStream = Static<typeof RegStream>;
export const RegStreamsResponse = Type.Array(RegStream);
export type RegStreamsResponse = Static<typeof RegStreamsResponse>;

/** POST saveregistration.json: register for a discipline of the plan in a teacher's stream. */
export const SaveRegistrationBody = Type.Object({
  ...semester,
  id_discipline: Id,
  id_teacher: Id,
  subgroup: Id,
  uid: Type.Optional(Uid),
});
export type SaveRegistrationBody = Static<typeof SaveRegistrationBody>;
export const SaveRegistrationResponse = Type.Object({
  id_disciplineForStudent: Id,
  sms: Type.String(),
});
export type SaveRegistrationResponse = Static<typeof SaveRegistrationResponse>;

/** POST deleteregistration.json {id_disciplineForStudent, uid}. */
export const DeleteRegistrationBody = Type.Object({
  id_disciplineForStudent: Id,
  uid: Type.Optional(Uid),
});
export type DeleteRegistrationBody = Static<typeof DeleteRegistrationBody>;

/** POST optional/permission.json: may the student choose electives this semester? */
export const OptionalPermissionResponse = Type.Object({
  allowed: Type.Boolean(),
  /** Why not, in the user's language (null when allowed). */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type OptionalPermissionResponse = Static<typeof OptionalPermissionResponse>;

/** POST optional/disciplines.json: the plan's electives. */
export const OptionalDisciplinesResponse = Type.Array(PlanDiscipline);
export type OptionalDisciplinesResponse = Static<typeof OptionalDisciplinesResponse>;

// ---- By lesson type: the teacher and stream of each further lesson type of a registration ----

/** POST bytype/teacher.json: teachers per lesson type of a registration's discipline. */
export const ByTypeTeachersBody = Type.Object({
  id_disciplineForStudent: Id,
  uid: Type.Optional(Uid),
});
export type ByTypeTeachersBody = Static<typeof ByTypeTeachersBody>;
export const ByTypeTeacher = Type.Object({
  id_vid_zaniatiy: Id,
  vid_zaniatiy: Type.String(),
  id_teacher: Id,
  t_fio: Type.String(),
});
export type ByTypeTeacher = Static<typeof ByTypeTeacher>;
export const ByTypeTeachersResponse = Type.Array(ByTypeTeacher);
export type ByTypeTeachersResponse = Static<typeof ByTypeTeachersResponse>;

/** POST bytype/subgroups.json: a teacher's streams of one lesson type. */
export const ByTypeStreamsBody = Type.Object({
  id_disciplineForStudent: Id,
  id_vid_zaniatiy: Id,
  id_teacher: Id,
  uid: Type.Optional(Uid),
});
export type ByTypeStreamsBody = Static<typeof ByTypeStreamsBody>;

/** POST bytype/actionegistration.json: attend that stream for its lesson type (joins or moves). */
export const ByTypeActionBody = Type.Object({
  id_disciplineForStudent: Id,
  subgroup: Id,
  uid: Type.Optional(Uid),
});
export type ByTypeActionBody = Static<typeof ByTypeActionBody>;

/** POST bytype/deleteregistration.json: leave the stream of one lesson type. */
export const ByTypeDeleteBody = Type.Object({
  id_disciplineForStudent: Id,
  id_vid_zaniatiy: Id,
  uid: Type.Optional(Uid),
});
export type ByTypeDeleteBody = Static<typeof ByTypeDeleteBody>;

// ---- The teacher: who registered for their streams ----

/** POST teacher/streams.json: the teacher's streams of a semester with their seats. */
export const TeacherStreamsBody = Type.Object(semester);
export type TeacherStreamsBody = Static<typeof TeacherStreamsBody>;
export const TeacherStream = Type.Object({
  subgroup: Id,
  name: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  id_vid_zaniatiy: Id,
  vid_zaniatiy: Type.String(),
  capacity: Type.Integer(),
  taken: Type.Integer(),
  free: Type.Integer(),
  /** Students on the stream's waiting list. */
  waiting: Type.Integer(),
  /** The stream's teacher (the registrar sees every teacher's streams). */
  t_fio: Type.String(),
});
export type TeacherStream = Static<typeof TeacherStream>;
export const TeacherStreamsResponse = Type.Array(TeacherStream);
export type TeacherStreamsResponse = Static<typeof TeacherStreamsResponse>;

/** POST teacher/students.json {subgroup}: the students registered in one of the teacher's streams. */
export const StreamStudentsBody = Type.Object({ subgroup: Id });
export type StreamStudentsBody = Static<typeof StreamStudentsBody>;
export const StreamStudent = Type.Object({
  num: Type.Integer(),
  id_student: Id,
  s_fio: Type.String(),
  id_group: Id,
  group: Type.String(),
  /** ISO instant of the registration. */
  registeredAt: Type.String(),
});
export type StreamStudent = Static<typeof StreamStudent>;
export const StreamStudentsResponse = Type.Array(StreamStudent);
export type StreamStudentsResponse = Static<typeof StreamStudentsResponse>;

/** GET teacher/students.csv?subgroup=: the same list as a CSV download. */
export const StreamStudentsQuery = Type.Object({
  subgroup: Type.String({ pattern: '^[1-9]\\d{0,9}$' }),
});
export type StreamStudentsQuery = Static<typeof StreamStudentsQuery>;

// ---- Waiting lists, holds and appointments ----

/** How long a promoted student may decline the seat, by default (ms): a day. */
export const WAITLIST_DECLINE_MS = 24 * 60 * 60 * 1000;
/** Longest note of a registrar's hold. */
export const HOLD_NOTE_MAX = 500;

/** POST waitlist/join.json: join a full stream's waiting list (the save's body). */
export const WaitlistJoinBody = SaveRegistrationBody;
export type WaitlistJoinBody = Static<typeof WaitlistJoinBody>;
export const WaitlistJoinResponse = Type.Object({
  id: Id,
  position: Type.Integer(),
  sms: Type.String(),
});
export type WaitlistJoinResponse = Static<typeof WaitlistJoinResponse>;

/** POST waitlist/leave.json, waitlist/decline.json: one of the caller's waiting-list rows. */
export const WaitlistEntryBody = Type.Object({ id: Id });
export type WaitlistEntryBody = Static<typeof WaitlistEntryBody>;

/** One of the student's waiting-list rows of the semester. */
export const WaitlistEntry = Type.Object({
  id: Id,
  subgroup: Id,
  stream: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  vid_zaniatiy: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('promoted'), Type.Literal('skipped')]),
  /** 1 = first in line (null unless waiting). */
  position: Type.Union([Type.Integer(), Type.Null()]),
  /** Why a promotion skipped the student, in their language. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The registration a promotion made. */
  id_disciplineForStudent: Type.Union([Id, Type.Null()]),
  /** ISO instant until which the promoted seat may be declined (null otherwise). */
  declineUntil: Type.Union([Type.String(), Type.Null()]),
});
export type WaitlistEntry = Static<typeof WaitlistEntry>;

/** What blocks the student's registration, and what to do about it. */
export const RegHold = Type.Object({
  kind: Type.Union([Type.Literal('tuition'), Type.Literal('manual')]),
  /** The reason in the student's language. */
  text: Type.String(),
});
export type RegHold = Static<typeof RegHold>;

/** POST waitlist/status.json {id_a_year, id_semester}: lists, holds and the appointment. */
export const WaitlistStatusResponse = Type.Object({
  entries: Type.Array(WaitlistEntry),
  holds: Type.Array(RegHold),
  /** The student's registration appointment: from when their year may register (ISO). */
  appointment: Type.Union([
    Type.Object({ opensAt: Type.String(), open: Type.Boolean(), course: Type.Integer() }),
    Type.Null(),
  ]),
  /** The server's clock now (ISO): the countdown runs from it. */
  now: Type.String(),
});
export type WaitlistStatusResponse = Static<typeof WaitlistStatusResponse>;

/**
 * POST start.json {} (students): the first screen of registration in one answer, the default
 * year and its first semester with a plan, so the page waits for one round trip instead of the
 * chain getdefyear → getsemesters → getreglist and permission → disciplines. Each part is what
 * its own call answers; the parts of the semester are null when the year has no semester with
 * a plan for the student, and `electives` is null unless `permission` allows them.
 */
export const RegStartResponse = Type.Object({
  year: RegYear,
  years: RegYearsResponse,
  semesters: RegSemestersResponse,
  term: Type.Union([Type.Object(semester), Type.Null()]),
  list: Type.Union([RegListResponse, Type.Null()]),
  permission: Type.Union([OptionalPermissionResponse, Type.Null()]),
  electives: Type.Union([OptionalDisciplinesResponse, Type.Null()]),
  waitlist: Type.Union([WaitlistStatusResponse, Type.Null()]),
});
export type RegStartResponse = Static<typeof RegStartResponse>;

/**
 * The registration area's live event (GET events, SSE event `waitlist`): a freed seat promoted
 * the student (`promoted`) or they could no longer take it (`skipped`).
 */
export interface WaitlistEvent {
  kind: 'promoted' | 'skipped';
  subgroup: number;
  id_discipline: number;
  id_disciplineForStudent: number | null;
}

/**
 * The registration area's other live event (GET events, SSE event `status`): something the
 * student's page shows changed for them. `holds`: the registrar set or lifted a hold on them;
 * `slots`: their year of study's appointment was set, moved or removed; `lists`: one of their
 * waiting lists changed (their position moved, or they joined or left it in another tab).
 */
export interface RegStatusEvent {
  topic: 'holds' | 'slots' | 'lists';
}

/** POST teacher/waitlist.json {subgroup}: a stream's waiting list in order. */
export const StreamWaiter = Type.Object({
  position: Type.Integer(),
  id_student: Id,
  s_fio: Type.String(),
  group: Type.String(),
  /** ISO instant the student joined. */
  joinedAt: Type.String(),
});
export type StreamWaiter = Static<typeof StreamWaiter>;
export const StreamWaitlistResponse = Type.Array(StreamWaiter);
export type StreamWaitlistResponse = Static<typeof StreamWaitlistResponse>;

/** POST teacher/capacity.json: the stream's seats (never below those taken; a raise promotes). */
export const StreamCapacityBody = Type.Object({
  subgroup: Id,
  capacity: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type StreamCapacityBody = Static<typeof StreamCapacityBody>;

/** A registrar's hold on a student's registration. */
export const RegistrarHold = Type.Object({
  id: Id,
  id_student: Id,
  s_fio: Type.String(),
  note: Type.String(),
  createdAt: Type.String(),
});
export type RegistrarHold = Static<typeof RegistrarHold>;
export const RegistrarHoldsResponse = Type.Array(RegistrarHold);
export type RegistrarHoldsResponse = Static<typeof RegistrarHoldsResponse>;

/** POST holds/set.json (registrar): block a student's registration with a note. */
export const SetHoldBody = Type.Object({
  id_student: Id,
  note: Type.String({ minLength: 1, maxLength: HOLD_NOTE_MAX, pattern: '\\S' }),
});
export type SetHoldBody = Static<typeof SetHoldBody>;
/**
 * POST holds/students.json (registrar): students whose full name or group contains every word of
 * `query` (any case, any alphabet), by name, at most STUDENT_SEARCH_LIMIT. The trimmed text must
 * be STUDENT_SEARCH_MIN_LENGTH..STUDENT_SEARCH_MAX_LENGTH characters (400 in the caller's
 * language otherwise); the schema only bounds what is read.
 */
export const StudentSearchBody = Type.Object({
  query: Type.String({ maxLength: STUDENT_SEARCH_MAX_LENGTH * 10 }),
});
export type StudentSearchBody = Static<typeof StudentSearchBody>;
/** A student the search found: who they are, their group and faculty (the caller's language). */
export const StudentSearchHit = Type.Object({
  id_student: Id,
  s_fio: Type.String(),
  group: Type.String(),
  faculty: Type.String(),
});
export type StudentSearchHit = Static<typeof StudentSearchHit>;
/** The first matches by name and how many there are in all (more than shown: refine). */
export const StudentSearchResponse = Type.Object({
  students: Type.Array(StudentSearchHit),
  total: Type.Integer(),
});
export type StudentSearchResponse = Static<typeof StudentSearchResponse>;
/** POST holds/lift.json (registrar) {id}. */
export const LiftHoldBody = Type.Object({ id: Id });
export type LiftHoldBody = Static<typeof LiftHoldBody>;

/** POST appointments/save.json (registrar): a year of study registers from `opensAt` on. */
export const SaveAppointmentBody = Type.Object({
  ...semester,
  course: Type.Integer({ minimum: 1, maximum: 7 }),
  /** ISO instant. */
  opensAt: Type.String({
    maxLength: 40,
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
  }),
});
export type SaveAppointmentBody = Static<typeof SaveAppointmentBody>;

/** POST appointments/list.json {id_a_year, id_semester} (registrar): the semester's slots. */
export const AppointmentsBody = Type.Object(semester);
export type AppointmentsBody = Static<typeof AppointmentsBody>;
/** A year of study's university-wide slot: it registers from `opensAt` (ISO) on. */
export const RegistrarAppointment = Type.Object({
  course: Type.Integer(),
  opensAt: Type.String(),
});
export type RegistrarAppointment = Static<typeof RegistrarAppointment>;
export const RegistrarAppointmentsResponse = Type.Array(RegistrarAppointment);
export type RegistrarAppointmentsResponse = Static<typeof RegistrarAppointmentsResponse>;
/** POST appointments/remove.json (registrar): the year of study registers with the window alone. */
export const RemoveAppointmentBody = Type.Object({
  ...semester,
  course: Type.Integer({ minimum: 1, maximum: 7 }),
});
export type RemoveAppointmentBody = Static<typeof RemoveAppointmentBody>;

/** The registration for disciplines endpoints for the API: each address with the schemas it validates. */
export const REGISTRATION_ENDPOINTS = withSchemas(REGISTRATION_ADDRESSES, {
  waitlistJoin: { body: WaitlistJoinBody, response: WaitlistJoinResponse },
  waitlistStatus: { body: RegListBody, response: WaitlistStatusResponse },
  waitlistLeave: { body: WaitlistEntryBody, response: RegSmsResponse },
  waitlistDecline: { body: WaitlistEntryBody, response: RegSmsResponse },
  events: {},
  teacherWaitlist: { body: StreamStudentsBody, response: StreamWaitlistResponse },
  teacherWaitlistCsv: { querystring: StreamStudentsQuery },
  teacherCapacity: { body: StreamCapacityBody, response: RegSmsResponse },
  holds: { body: EmptyBody, response: RegistrarHoldsResponse },
  setHold: { body: SetHoldBody, response: RegSmsResponse },
  holdStudents: { body: StudentSearchBody, response: StudentSearchResponse },
  liftHold: { body: LiftHoldBody, response: RegSmsResponse },
  saveAppointment: { body: SaveAppointmentBody, response: RegSmsResponse },
  appointments: { body: AppointmentsBody, response: RegistrarAppointmentsResponse },
  removeAppointment: { body: RemoveAppointmentBody, response: RegSmsResponse },
  defaultYear: { body: EmptyBody, response: RegYear },
  years: { response: RegYearsResponse },
  semesters: { body: RegSemestersBody, response: RegSemestersResponse },
  start: { body: EmptyBody, response: RegStartResponse },
  list: { body: RegListBody, response: RegListResponse },
  mandatoryTeachers: { body: RegTeachersBody, response: RegTeachersResponse },
  mandatoryStreams: { body: RegStreamsBody, response: RegStreamsResponse },
  electiveTeachers: { body: RegTeachersBody, response: RegTeachersResponse },
  electiveStreams: { body: RegStreamsBody, response: RegStreamsResponse },
  save: { body: SaveRegistrationBody, response: SaveRegistrationResponse },
  remove: { body: DeleteRegistrationBody, response: RegSmsResponse },
  electivePermission: { body: RegListBody, response: OptionalPermissionResponse },
  electiveDisciplines: { body: RegListBody, response: OptionalDisciplinesResponse },
  byTypeTeachers: { body: ByTypeTeachersBody, response: ByTypeTeachersResponse },
  byTypeStreams: { body: ByTypeStreamsBody, response: RegStreamsResponse },
  byTypeAction: { body: ByTypeActionBody, response: RegSmsResponse },
  byTypeRemove: { body: ByTypeDeleteBody, response: RegSmsResponse },
  teacherStreams: { body: TeacherStreamsBody, response: TeacherStreamsResponse },
  teacherStudents: { body: StreamStudentsBody, response: StreamStudentsResponse },
  teacherStudentsCsv: { querystring: StreamStudentsQuery },
});
