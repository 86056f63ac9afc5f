import {
  postEndpoint,
  ROLE,
  type DisciplineItem,
  type DisciplineListBody,
  type GroupItem,
  type GroupListBody,
  type SemesterItem,
  type SemesterListBody,
  type SessionUser,
  type StudentItem,
  type StudentListBody,
  type TeacherItem,
  type TeacherListBody,
} from '@lms/shared';

/**
 * Query keys of the filter chain: everything under the user's uid, each list under the request
 * that asks it (undefined while a step before it is still unknown; such a query is not run).
 */
export const chainKeys = {
  all: (uid: number) => ['chat', 'chain', uid] as const,
  list: (uid: number, list: 'disciplines' | 'semesters' | 'groups' | 'contacts', body?: object) =>
    ['chat', 'chain', uid, list, body ?? null] as const,
};

// The filter chain (spec §4): teachers use the teacher lists, students the student lists.
const teacherLists = {
  disciplines: postEndpoint<DisciplineListBody, DisciplineItem[]>('/api/discipline/list.json'),
  semesters: postEndpoint<SemesterListBody, SemesterItem[]>('/api/discipline/semester/list.json'),
  groups: postEndpoint<GroupListBody, GroupItem[]>('/api/discipline/group/list.json'),
};
const studentLists = {
  disciplines: postEndpoint<DisciplineListBody, DisciplineItem[]>(
    '/api/discipline/forStudentDisciplinelist.json',
  ),
  semesters: postEndpoint<SemesterListBody, SemesterItem[]>(
    '/api/discipline/studentSemester/list.json',
  ),
  groups: postEndpoint<GroupListBody, GroupItem[]>('/api/discipline/studentGroup/list.json'),
};

/** The chain's lists for the user's role. */
export const listsFor = (user: SessionUser) =>
  user.role === ROLE.teacher ? teacherLists : studentLists;

/** students/list.json (teachers): the students of a group. */
export const students = postEndpoint<StudentListBody, StudentItem[]>(
  '/api/discipline/students/list.json',
);
/** teachers/list.json (students): the teachers of a discipline for the student's group. */
export const teachers = postEndpoint<TeacherListBody, TeacherItem[]>(
  '/api/discipline/teachers/list.json',
);
