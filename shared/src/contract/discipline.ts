import { Type, type Static } from '@sinclair/typebox';
import { EmptyBody, Id } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { DISCIPLINE_ADDRESSES } from './endpoints/discipline.js';

/** Semester kind (ws): 1 fall, 2 spring, 3 summer. */
export const Ws = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type Ws = Static<typeof Ws>;

/** GET /lms/api/discipline/current/ws.json: the current ws and the ones with teaching this year. */
export const CurrentWsResponse = Type.Object({
  ws: Ws,
  name: Type.String(),
  active: Type.Array(Type.Object({ ws: Ws, name: Type.String() })),
});
export type CurrentWsResponse = Static<typeof CurrentWsResponse>;

/** GET /lms/api/discipline/current/year.json */
export const CurrentYearResponse = Type.Object({ id_a_year: Type.Integer(), name: Type.String() });
export type CurrentYearResponse = Static<typeof CurrentYearResponse>;

/** 1 = elective (chosen by the student), 0 = by plan. */
const IsSelect = Type.Integer({ minimum: 0, maximum: 1 });
const Kredit = Type.Number({ minimum: 0, maximum: 60 });

/**
 * The filter-chain payload (spec §7). uid must be the session's account; year is the two-digit
 * year id. Each list needs the ids of the steps before it.
 */
const chainBase = {
  uid: Id,
  year: Type.Integer({ minimum: 0, maximum: 99 }),
  ws: Ws,
  isSelect: Type.Optional(IsSelect),
  kredit: Type.Optional(Kredit),
};
const chainDiscipline = { ...chainBase, id_discipline: Id };
const chainSemester = {
  ...chainDiscipline,
  id_semester: Type.Integer({ minimum: 1, maximum: 12 }),
};
const chainGroup = { ...chainSemester, id_group: Id };

/** discipline/list.json (teacher) and discipline/forStudentDisciplinelist.json (student). */
export const DisciplineListBody = Type.Object({
  ...chainBase,
  id_discipline: Type.Optional(Id),
  id_semester: Type.Optional(Type.Integer()),
  id_group: Type.Optional(Id),
});
export type DisciplineListBody = Static<typeof DisciplineListBody>;
export const DisciplineItem = Type.Object({
  id_discipline: Id,
  name: Type.String(),
  kredit: Type.Number(),
  isSelect: IsSelect,
});
export type DisciplineItem = Static<typeof DisciplineItem>;
export const DisciplineListResponse = Type.Array(DisciplineItem);
export type DisciplineListResponse = Static<typeof DisciplineListResponse>;

/** semester/list.json (teacher) and studentSemester/list.json (student): study semesters 1..12. */
export const SemesterListBody = Type.Object({
  ...chainDiscipline,
  id_semester: Type.Optional(Type.Integer()),
  id_group: Type.Optional(Id),
});
export type SemesterListBody = Static<typeof SemesterListBody>;
export const SemesterItem = Type.Object({ id_semester: Type.Integer(), name: Type.String() });
export type SemesterItem = Static<typeof SemesterItem>;
export const SemesterListResponse = Type.Array(SemesterItem);
export type SemesterListResponse = Static<typeof SemesterListResponse>;

/** group/list.json (teacher) and studentGroup/list.json (student). */
export const GroupListBody = Type.Object({ ...chainSemester, id_group: Type.Optional(Id) });
export type GroupListBody = Static<typeof GroupListBody>;
export const Subgroup = Type.Object({ id_subgroup: Id, name: Type.String() });
export type Subgroup = Static<typeof Subgroup>;
export const GroupItem = Type.Object({
  id_group: Id,
  name: Type.String(),
  /** Subgroups of the group that take part (empty when the whole group is taught together). */
  subgroups: Type.Array(Subgroup),
});
export type GroupItem = Static<typeof GroupItem>;
export const GroupListResponse = Type.Array(GroupItem);
export type GroupListResponse = Static<typeof GroupListResponse>;

/** students/list.json (teacher only): the students of a group the teacher teaches that discipline. */
export const StudentListBody = Type.Object(chainGroup);
export type StudentListBody = Static<typeof StudentListBody>;
export const StudentItem = Type.Object({
  id_student: Id,
  fullName: Type.String(),
  id_group: Id,
  id_subgroup: Type.Union([Id, Type.Null()]),
});
export type StudentItem = Static<typeof StudentItem>;
export const StudentListResponse = Type.Array(StudentItem);
export type StudentListResponse = Static<typeof StudentListResponse>;

/** teachers/list.json (student only): the teachers of that discipline for the student's group. */
export const TeacherListBody = Type.Object(chainGroup);
export type TeacherListBody = Static<typeof TeacherListBody>;
export const TeacherItem = Type.Object({
  id_teacher: Id,
  fullName: Type.String(),
  position: Type.String(),
  /** Lesson types the teacher gives, e.g. ['Лекция', 'Практика']. */
  lessonTypes: Type.Array(Type.String()),
});
export type TeacherItem = Static<typeof TeacherItem>;
export const TeacherListResponse = Type.Array(TeacherItem);
export type TeacherListResponse = Static<typeof TeacherListResponse>;

/**
 * discipline/chain/start.json {} (teacher or student): the chain's first screen in one answer,
 * each part as its own call answers it for the first choice of the step before: the current year
 * and ws, the disciplines, the first discipline's semesters, the first semester's groups and the
 * first group's people (a teacher's students, a student's teachers; the other list empty). A list
 * after an empty one is empty.
 */
export const ChainStartResponse = Type.Object({
  year: CurrentYearResponse,
  ws: CurrentWsResponse,
  disciplines: DisciplineListResponse,
  semesters: SemesterListResponse,
  groups: GroupListResponse,
  students: StudentListResponse,
  teachers: TeacherListResponse,
});
export type ChainStartResponse = Static<typeof ChainStartResponse>;

/** The teaching catalogue (disciplines, semesters, groups) endpoints for the API: each address with the schemas it validates. */
export const DISCIPLINE_ENDPOINTS = withSchemas(DISCIPLINE_ADDRESSES, {
  currentWs: { response: CurrentWsResponse },
  currentYear: { response: CurrentYearResponse },
  disciplines: { body: DisciplineListBody, response: DisciplineListResponse },
  semesters: { body: SemesterListBody, response: SemesterListResponse },
  groups: { body: GroupListBody, response: GroupListResponse },
  studentDisciplines: { body: DisciplineListBody, response: DisciplineListResponse },
  studentSemesters: { body: SemesterListBody, response: SemesterListResponse },
  studentGroups: { body: GroupListBody, response: GroupListResponse },
  students: { body: StudentListBody, response: StudentListResponse },
  teachers: { body: TeacherListBody, response: TeacherListResponse },
  chainStart: { body: EmptyBody, response: ChainStartResponse },
});
