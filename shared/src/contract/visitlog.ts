import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';
import {
  CurrentWsResponse,
  CurrentYearResponse,
  DisciplineItem,
  DisciplineListResponse,
  Ws,
} from './discipline.js';
import { JOURNAL_TOPIC_MAX_LENGTH, LESSON_ORDERS } from './constants.js';
import { withSchemas } from './endpoint.js';
import { VISITLOG_ADDRESSES } from './endpoints/visitlog.js';
import { EmptyBody } from './envelope.js';

// The attendance-and-grade journal (spec §3 "Journal and visits", §7 "Visit log"). Every call
// is POST /lms/api/visitlog/<name>.json with the envelope, except GET getassessments.json and the
// exports. The caller is the session's user: a teacher sees and edits only the journals of the
// disciplines and groups they teach (teaching assignments), a student reads only their own.

const Year = Type.Integer({ minimum: 0, maximum: 99 });
/** Lesson order of the day, 1..5 (LESSON_ORDERS). */
export const TimeId = Type.Integer({ minimum: 1, maximum: LESSON_ORDERS.length });
/** Calendar date 'YYYY-MM-DD'. */
export const IsoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
/**
 * A cell of the journal: a value of the grade scale (getassessments), the absence 'н/б'
 * (ABSENCE_MARK), or null = present without a grade.
 */
export const Mark = Type.Union([Type.String({ minLength: 1, maxLength: 16 }), Type.Null()]);
export type Mark = Static<typeof Mark>;

/** The sms answer of a write, shown as a notification (e.g. 'Посещаемость сохранена'). */
export const VisitSmsResponse = Type.Object({ sms: Type.String() });
export type VisitSmsResponse = Static<typeof VisitSmsResponse>;

// ---- The teacher's choice chain ----

const semester = { year: Year, ws: Ws };

/** POST visitlog/getdisciplineteacherjournal.json: disciplines the teacher teaches then. */
export const JournalDisciplinesBody = Type.Object(semester);
export type JournalDisciplinesBody = Static<typeof JournalDisciplinesBody>;
export const JournalDisciplinesResponse = Type.Array(DisciplineItem);
export type JournalDisciplinesResponse = Static<typeof JournalDisciplinesResponse>;

/** POST visitlog/getgroupteacherjournal.json: groups the teacher teaches the discipline. */
export const JournalGroupsBody = Type.Object({ ...semester, id_discipline: Id });
export type JournalGroupsBody = Static<typeof JournalGroupsBody>;
export const JournalSubgroup = Type.Object({ id_subgroup: Id, name: Type.String() });
export type JournalSubgroup = Static<typeof JournalSubgroup>;
export const JournalGroup = Type.Object({
  id_group: Id,
  name: Type.String(),
  /** Subgroups the teacher has subgroup lessons with (empty: only whole-group lessons). */
  subgroups: Type.Array(JournalSubgroup),
});
export type JournalGroup = Static<typeof JournalGroup>;
export const JournalGroupsResponse = Type.Array(JournalGroup);
export type JournalGroupsResponse = Static<typeof JournalGroupsResponse>;

/** POST visitlog/getvidzaniatiy.json: lesson types the teacher gives that group. */
export const LessonTypesBody = Type.Object({ ...semester, id_discipline: Id, id_group: Id });
export type LessonTypesBody = Static<typeof LessonTypesBody>;
export const LessonType = Type.Object({ id_vid_zaniatiy: Id, name: Type.String() });
export type LessonType = Static<typeof LessonType>;
export const LessonTypesResponse = Type.Array(LessonType);
export type LessonTypesResponse = Static<typeof LessonTypesResponse>;

/** POST visitlog/getfeducjournal.json {}: forms of education (очная, заочная, дистанционная). */
export const EducationForm = Type.Object({ id_f_educ: Id, name: Type.String() });
export type EducationForm = Static<typeof EducationForm>;
export const EducationFormsResponse = Type.Array(EducationForm);
export type EducationFormsResponse = Static<typeof EducationFormsResponse>;

/** POST visitlog/getteachertimeid.json {}: the lesson orders of a day (LESSON_ORDERS). */
export const LessonTime = Type.Object({
  id_time: TimeId,
  name: Type.String(),
  /** 'HH:MM' */
  start: Type.String(),
  end: Type.String(),
});
export type LessonTime = Static<typeof LessonTime>;
export const LessonTimesResponse = Type.Array(LessonTime);
export type LessonTimesResponse = Static<typeof LessonTimesResponse>;

/** GET visitlog/getassessments.json: the grade scale ('5', '4', '3', '2' and 'н/б'). */
export const Assessment = Type.Object({
  id_otsenka: Id,
  value: Type.String(),
  name: Type.String(),
});
export type Assessment = Static<typeof Assessment>;
export const AssessmentsResponse = Type.Array(Assessment);
export type AssessmentsResponse = Static<typeof AssessmentsResponse>;

/** POST visitlog/getmodulejournal.json: the discipline's modules (the teacher teaches it then). */
export const ModulesBody = Type.Object({ ...semester, id_discipline: Id });
export type ModulesBody = Static<typeof ModulesBody>;
export const JournalModule = Type.Object({ id_module: Id, name: Type.String() });
export type JournalModule = Static<typeof JournalModule>;
export const ModulesResponse = Type.Array(JournalModule);
export type ModulesResponse = Static<typeof ModulesResponse>;

// ---- Keys ----

const journalKey = {
  ...semester,
  id_discipline: Id,
  id_group: Id,
  /** null or absent = the whole group. */
  id_subgroup: Type.Optional(Type.Union([Id, Type.Null()])),
  id_vid_zaniatiy: Id,
};
/** Names one journal: a discipline × group (or subgroup) × lesson type of one semester. */
export const JournalKey = Type.Object(journalKey);
export type JournalKey = Static<typeof JournalKey>;

const lessonKey = { ...journalKey, id_f_educ: Id, id_time: TimeId, date: IsoDate };
/** Names one lesson of a journal: its form of education, lesson order and date. */
export const LessonKey = Type.Object(lessonKey);
export type LessonKey = Static<typeof LessonKey>;

// ---- Student lists ----

export const JournalStudent = Type.Object({
  id_student: Id,
  s_fio: Type.String(),
  id_subgroup: Type.Union([Id, Type.Null()]),
});
export type JournalStudent = Static<typeof JournalStudent>;
export const JournalStudentsResponse = Type.Array(JournalStudent);
export type JournalStudentsResponse = Static<typeof JournalStudentsResponse>;

/** POST visitlog/getstudentslist.json {journal key}: the group's (or subgroup's) students. */
export const StudentsListBody = JournalKey;
export type StudentsListBody = JournalKey;

/** POST visitlog/getstudentslistsubgroup.json: the subgroup's students (id_subgroup required). */
export const StudentsListSubgroupBody = Type.Object({ ...journalKey, id_subgroup: Id });
export type StudentsListSubgroupBody = Static<typeof StudentsListSubgroupBody>;

/**
 * POST visitlog/getstudentslistsubgroupupdate.json {lesson key}: the lesson's list with the
 * current marks; empty when the lesson has not been created (studentvisitinsertall creates it).
 */
export const LessonListBody = LessonKey;
export type LessonListBody = LessonKey;
export const LessonListItem = Type.Object({ id_student: Id, s_fio: Type.String(), otsenka: Mark });
export type LessonListItem = Static<typeof LessonListItem>;
export const LessonListResponse = Type.Array(LessonListItem);
export type LessonListResponse = Static<typeof LessonListResponse>;

// ---- The grid ----

/** Attendance and score figures of one student (a grid row or a student's lesson type). */
const figures = {
  /** Absences ('н/б' marks). */
  timesCount: Type.Integer({ minimum: 0 }),
  /** Absence hours: JOURNAL_HOURS_PER_LESSON per absence. */
  hours: Type.Integer({ minimum: 0 }),
  /** Sum of the numeric marks ('н/б' and presences add nothing). */
  total: Type.Number(),
  /** Mean of the numeric marks, two decimals; null when there is none. */
  average: Type.Union([Type.Number(), Type.Null()]),
  /** Lessons attended of the lessons listed on, percent with one decimal; null when none. */
  attendancePercent: Type.Union([Type.Number(), Type.Null()]),
};

export const JournalLesson = Type.Object({
  id_lesson: Id,
  date: IsoDate,
  id_time: TimeId,
  id_f_educ: Id,
  tema: Type.String(),
  id_module: Type.Union([Id, Type.Null()]),
  /** The teacher who gives the lesson (created it): only they change its marks, topic and list. */
  id_teacher: Id,
  /** That teacher's full name. */
  teacher: Type.String(),
  /** The caller gives this lesson; false: a colleague's lesson, read-only for the caller. */
  own: Type.Boolean(),
});
export type JournalLesson = Static<typeof JournalLesson>;

export const JournalRow = Type.Object({
  id_student: Id,
  s_fio: Type.String(),
  /** id_lesson → the mark; a lesson missing here is one the student is not listed on. */
  marks: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Mark),
  /** id_lesson → the cell's version (CellVersion), for each lesson in `marks`. */
  versions: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 1 })),
  ...figures,
});
export type JournalRow = Static<typeof JournalRow>;

/** POST visitlog/getjournal.json {journal key}: lessons by date and time, students by name. */
export const JournalBody = JournalKey;
export type JournalBody = JournalKey;
export const JournalResponse = Type.Object({
  lessons: Type.Array(JournalLesson),
  rows: Type.Array(JournalRow),
  /** Attendance below this percent is flagged (configured, default 70). */
  threshold: Type.Number(),
});
export type JournalResponse = Static<typeof JournalResponse>;

/**
 * How a cell's attendance was recorded: 'qr' by the student's QR check-in (a grade the teacher
 * gave afterwards keeps it), 'hand' by the teacher (a presence, an absence, a grade, the whole
 * list at once). A student not on a lesson's list is not marked yet: the cell has no source.
 */
export const AttendanceSource = Type.Union([Type.Literal('qr'), Type.Literal('hand')]);
export type AttendanceSource = Static<typeof AttendanceSource>;

/** A grid row with how each of its cells was recorded. */
export const JournalGridRow = Type.Object({
  ...JournalRow.properties,
  /** id_lesson → how the cell's attendance was recorded, for each lesson in `marks`. */
  sources: Type.Record(Type.String({ pattern: '^[0-9]+$' }), AttendanceSource),
});
export type JournalGridRow = Static<typeof JournalGridRow>;

/**
 * What getjournal.json answers: JournalResponse, each row with its cells' sources (a lesson
 * missing from a row's `sources` is one the student is not marked on yet).
 */
export const JournalGridResponse = Type.Object({
  ...JournalResponse.properties,
  rows: Type.Array(JournalGridRow),
});
export type JournalGridResponse = Static<typeof JournalGridResponse>;

/** POST visitlog/getjournalforstudent.json: the session student's journal of one discipline. */
export const StudentJournalBody = Type.Object({ ...semester, id_discipline: Id });
export type StudentJournalBody = Static<typeof StudentJournalBody>;
export const StudentJournalLesson = Type.Object({
  id_lesson: Id,
  date: IsoDate,
  id_time: TimeId,
  tema: Type.String(),
  otsenka: Mark,
});
export type StudentJournalLesson = Static<typeof StudentJournalLesson>;
export const StudentJournalPart = Type.Object({
  id_vid_zaniatiy: Id,
  lessonType: Type.String(),
  /** The teachers' full names, ', '-separated. */
  teacher: Type.String(),
  lessons: Type.Array(StudentJournalLesson),
  ...figures,
});
export type StudentJournalPart = Static<typeof StudentJournalPart>;
export const StudentJournalResponse = Type.Array(StudentJournalPart);
export type StudentJournalResponse = Static<typeof StudentJournalResponse>;

/**
 * POST visitlog/studentstart.json {} (students): the student's journal page's first screen in one
 * answer, so the page waits for one round trip instead of the chain current year and ws →
 * forStudentDisciplinelist → getjournalforstudent. Each part is what its own call answers (the
 * disciplines of the current year and ws); `journal` is the first discipline's, null when the
 * student has no discipline.
 */
export const StudentJournalStartResponse = Type.Object({
  year: CurrentYearResponse,
  ws: CurrentWsResponse,
  disciplines: DisciplineListResponse,
  journal: Type.Union([StudentJournalResponse, Type.Null()]),
});
export type StudentJournalStartResponse = Static<typeof StudentJournalStartResponse>;

// ---- Writes ----

/**
 * POST visitlog/studentvisitinsertall.json {lesson key}: creates the lesson when missing and
 * puts every student of the list on it as present; calling it again changes nothing.
 */
export const InsertAllBody = LessonKey;
export type InsertAllBody = LessonKey;
export const LessonSmsResponse = Type.Object({ sms: Type.String(), id_lesson: Id });
export type LessonSmsResponse = Static<typeof LessonSmsResponse>;

/**
 * The version of a journal cell the write was based on, as the grid gave it (JournalRow.versions);
 * 0 for a cell the grid has no version for (the student not on the lesson's list). A write based
 * on a version the cell no longer has is refused with 409 and CellConflict. The journal's own
 * screens always send it; absent, the write replaces whatever the cell holds (older clients).
 */
export const CellVersion = Type.Integer({ minimum: 0, maximum: 2147483647 });

/** POST visitlog/studentvisitupdate.json: one cell → VisitSavedResponse, or 409 CellConflict. */
export const VisitUpdateBody = Type.Object({
  id_lesson: Id,
  id_student: Id,
  otsenka: Mark,
  version: Type.Optional(CellVersion),
});
export type VisitUpdateBody = Static<typeof VisitUpdateBody>;
export const VisitSavedResponse = Type.Object({
  sms: Type.String(),
  /** The cell's version after the write: the next write of the cell is based on it. */
  version: Type.Integer({ minimum: 1 }),
});
export type VisitSavedResponse = Static<typeof VisitSavedResponse>;

/**
 * The `data` of a 409 answer to a cell write based on a stale version: what the cell holds now.
 * version 0: the cell has no row any more (the student was taken off the lesson's list).
 */
export const CellConflict = Type.Object({
  /** Absent: the lesson does not exist (studentvisitupdate2 creates none on a refused write). */
  id_lesson: Type.Optional(Id),
  id_student: Id,
  otsenka: Mark,
  version: Type.Integer({ minimum: 0 }),
  /** Full name of who wrote the cell last (a teacher, or the student checking in by QR). */
  by: Type.Union([Type.String(), Type.Null()]),
  /** When, ms since the epoch. */
  at: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type CellConflict = Static<typeof CellConflict>;

/** POST visitlog/studentvisitupdate2.json: one cell by lesson key (creates the lesson). */
export const VisitUpdate2Body = Type.Object({
  ...lessonKey,
  id_student: Id,
  otsenka: Mark,
  version: Type.Optional(CellVersion),
});
export type VisitUpdate2Body = Static<typeof VisitUpdate2Body>;
export const VisitSaved2Response = Type.Object({
  sms: Type.String(),
  id_lesson: Id,
  version: Type.Integer({ minimum: 1 }),
});
export type VisitSaved2Response = Static<typeof VisitSaved2Response>;

/** POST visitlog/deletestudentfromlist.json: takes the student off the lesson's list. */
export const DeleteFromListBody = Type.Object({ id_lesson: Id, id_student: Id });
export type DeleteFromListBody = Static<typeof DeleteFromListBody>;

/**
 * POST visitlog/journal/delete.json (spec §3 payload): deletes the lesson of that teacher,
 * discipline, group (id_groupOrPorok, or id_subgroup when given), lesson type, date and time with
 * its marks. id_teacher must be the session's teacher; id_semesterOrWs, kredit and isSelect are
 * accepted and not needed. Answers JournalDeleteResponse.
 */
export const JournalDeleteBody = Type.Object({
  id_year: Year,
  id_ws: Ws,
  id_semesterOrWs: Type.Optional(Type.Integer({ minimum: 0, maximum: 12 })),
  id_groupOrPorok: Id,
  id_subgroup: Type.Optional(Type.Union([Id, Type.Null()])),
  id_vid_zaniatiy: Id,
  id_teacher: Id,
  id_discipline: Id,
  kredit: Type.Optional(Type.Number({ minimum: 0, maximum: 60 })),
  id_time: TimeId,
  date: IsoDate,
  isSelect: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type JournalDeleteBody = Static<typeof JournalDeleteBody>;
export const JournalDeleteResponse = Type.Object({
  sms: Type.String(),
  /** Lessons deleted (0 or 1). */
  deleted: Type.Integer({ minimum: 0 }),
});
export type JournalDeleteResponse = Static<typeof JournalDeleteResponse>;

/** POST visitlog/journal/deletejournal.json: deletes a lesson and its marks → JournalDeleteResponse. */
export const LessonIdBody = Type.Object({ id_lesson: Id });
export type LessonIdBody = Static<typeof LessonIdBody>;

// ---- Topics ----

/** POST visitlog/gettemajournal.json {id_lesson}: the lesson's topic and module. */
export const LessonTopic = Type.Object({
  tema: Type.String(),
  id_module: Type.Union([Id, Type.Null()]),
});
export type LessonTopic = Static<typeof LessonTopic>;

/** POST visitlog/savetemajournal.json → VisitSmsResponse. */
export const SaveTopicBody = Type.Object({
  id_lesson: Id,
  tema: Type.String({ maxLength: JOURNAL_TOPIC_MAX_LENGTH }),
  id_module: Type.Union([Id, Type.Null()]),
});
export type SaveTopicBody = Static<typeof SaveTopicBody>;

/**
 * POST visitlog/temareport.json {journal key}: every lesson of the journal with its topic and how
 * much attendance was taken (a lesson with marked 0 never had its attendance taken).
 */
export const TopicReportItem = Type.Object({
  id_lesson: Id,
  date: IsoDate,
  id_time: TimeId,
  tema: Type.String(),
  module: Type.Union([Type.String(), Type.Null()]),
  /** Students on the lesson's list (present, graded or 'н/б'). */
  marked: Type.Integer({ minimum: 0 }),
  /** Students of the journal's group (or subgroup). */
  listed: Type.Integer({ minimum: 0 }),
});
export type TopicReportItem = Static<typeof TopicReportItem>;
export const TopicReportResponse = Type.Array(TopicReportItem);
export type TopicReportResponse = Static<typeof TopicReportResponse>;

// ---- Exports ----

const QueryId = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
/**
 * GET visitlog/export.csv and visitlog/export.xlsx: the journal key as query strings
 * (id_subgroup omitted = the whole group). CSV is UTF-8 with BOM, ';'-separated; both are sent
 * as attachments named after the discipline and group.
 */
export const JournalExportQuery = Type.Object({
  year: Type.String({ pattern: '^[0-9]{1,2}$' }),
  ws: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
  id_discipline: QueryId,
  id_group: QueryId,
  id_subgroup: Type.Optional(QueryId),
  id_vid_zaniatiy: QueryId,
});
export type JournalExportQuery = Static<typeof JournalExportQuery>;

/** The attendance journal endpoints for the API: each address with the schemas it validates. */
export const VISITLOG_ENDPOINTS = withSchemas(VISITLOG_ADDRESSES, {
  educationForms: { body: EmptyBody, response: EducationFormsResponse },
  lessonTimes: { body: EmptyBody, response: LessonTimesResponse },
  assessments: { response: AssessmentsResponse },
  disciplines: { body: JournalDisciplinesBody, response: JournalDisciplinesResponse },
  groups: { body: JournalGroupsBody, response: JournalGroupsResponse },
  lessonTypes: { body: LessonTypesBody, response: LessonTypesResponse },
  modules: { body: ModulesBody, response: ModulesResponse },
  students: { body: StudentsListBody, response: JournalStudentsResponse },
  subgroupStudents: { body: StudentsListSubgroupBody, response: JournalStudentsResponse },
  lessonList: { body: LessonListBody, response: LessonListResponse },
  journal: { body: JournalBody, response: JournalGridResponse },
  studentJournal: { body: StudentJournalBody, response: StudentJournalResponse },
  studentStart: { body: EmptyBody, response: StudentJournalStartResponse },
  topic: { body: LessonIdBody, response: LessonTopic },
  topicReport: { body: JournalBody, response: TopicReportResponse },
  insertAll: { body: InsertAllBody, response: LessonSmsResponse },
  updateVisit: { body: VisitUpdateBody, response: VisitSavedResponse },
  updateVisit2: { body: VisitUpdate2Body, response: VisitSaved2Response },
  removeStudent: { body: DeleteFromListBody, response: VisitSmsResponse },
  deleteJournal: { body: JournalDeleteBody, response: JournalDeleteResponse },
  deleteLesson: { body: LessonIdBody, response: JournalDeleteResponse },
  saveTopic: { body: SaveTopicBody, response: VisitSmsResponse },
  exportCsv: { querystring: JournalExportQuery },
  exportXlsx: { querystring: JournalExportQuery },
});
