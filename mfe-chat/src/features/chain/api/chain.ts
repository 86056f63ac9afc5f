import { DISCIPLINE_API, postEndpoint, ROLE, type SessionUser } from '@lms/shared';

/**
 * Query keys of the filter chain: everything under the user's uid, each list under the request
 * that asks it (undefined while a step before it is still unknown; such a query is not run).
 */
export const chainKeys = {
  all: (uid: number) => ['chat', 'chain', uid] as const,
  /** Whether the chain's first screen came in one answer (its parts are under their own keys). */
  start: (uid: number) => ['chat', 'chain', uid, 'start'] as const,
  list: (uid: number, list: 'disciplines' | 'semesters' | 'groups' | 'contacts', body?: object) =>
    ['chat', 'chain', uid, list, body ?? null] as const,
};

// The filter chain (spec §4): teachers use the teacher lists, students the student lists.
const teacherLists = {
  disciplines: postEndpoint(DISCIPLINE_API.disciplines),
  semesters: postEndpoint(DISCIPLINE_API.semesters),
  groups: postEndpoint(DISCIPLINE_API.groups),
};
const studentLists = {
  disciplines: postEndpoint(DISCIPLINE_API.studentDisciplines),
  semesters: postEndpoint(DISCIPLINE_API.studentSemesters),
  groups: postEndpoint(DISCIPLINE_API.studentGroups),
};

/** The chain's lists for the user's role. */
export const listsFor = (user: SessionUser) =>
  user.role === ROLE.teacher ? teacherLists : studentLists;

/** students/list.json (teachers): the students of a group. */
export const students = postEndpoint(DISCIPLINE_API.students);
/** teachers/list.json (students): the teachers of a discipline for the student's group. */
export const teachers = postEndpoint(DISCIPLINE_API.teachers);
/** chain/start.json {}: the chain's first screen in one answer. */
export const chainStart = postEndpoint(DISCIPLINE_API.chainStart);
