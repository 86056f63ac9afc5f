import {
  apiGet,
  apiUrl,
  classifyError,
  postEndpoint,
  type AssessmentsResponse,
  type CellConflict as CellConflictData,
  type DeleteFromListBody,
  type EducationFormsResponse,
  type InsertAllBody,
  type JournalBody,
  type JournalDeleteResponse,
  type JournalDisciplinesBody,
  type JournalDisciplinesResponse,
  type JournalGroupsBody,
  type JournalGroupsResponse,
  type JournalKey,
  type JournalGridResponse,
  type LessonIdBody,
  type LessonSmsResponse,
  type LessonTimesResponse,
  type LessonTopic,
  type LessonTypesBody,
  type LessonTypesResponse,
  type ModulesBody,
  type ModulesResponse,
  type SaveTopicBody,
  type TopicReportResponse,
  type VisitSavedResponse,
  type VisitSmsResponse,
  type VisitUpdateBody,
} from '@lms/shared';

/**
 * Query keys of the teacher's journal: everything under the user's uid, each answer under the
 * request that asked it.
 */
export const journalKeys = {
  all: (uid: number) => ['journal', uid] as const,
  list: (uid: number, list: string, body?: object) => ['journal', uid, list, body ?? null] as const,
  journal: (uid: number, key: JournalKey) => ['journal', uid, 'grid', key] as const,
  report: (uid: number, key: JournalKey) => ['journal', uid, 'report', key] as const,
  topic: (uid: number, id_lesson: number) => ['journal', uid, 'topic', id_lesson] as const,
};

/** POST /lms/api/visitlog/getdisciplineteacherjournal.json: the teacher's disciplines then. */
export const getDisciplines = postEndpoint<JournalDisciplinesBody, JournalDisciplinesResponse>(
  '/api/visitlog/getdisciplineteacherjournal.json',
);
/** POST /lms/api/visitlog/getgroupteacherjournal.json: groups (and subgroups) of a discipline. */
export const getGroups = postEndpoint<JournalGroupsBody, JournalGroupsResponse>(
  '/api/visitlog/getgroupteacherjournal.json',
);
/** POST /lms/api/visitlog/getvidzaniatiy.json: lesson types the teacher gives that group. */
export const getLessonTypes = postEndpoint<LessonTypesBody, LessonTypesResponse>(
  '/api/visitlog/getvidzaniatiy.json',
);
/** POST /lms/api/visitlog/getfeducjournal.json: forms of education. */
export const getEducationForms = postEndpoint<Record<string, never>, EducationFormsResponse>(
  '/api/visitlog/getfeducjournal.json',
);
/** POST /lms/api/visitlog/getteachertimeid.json: the lesson orders of a day (first…fifth). */
export const getLessonTimes = postEndpoint<Record<string, never>, LessonTimesResponse>(
  '/api/visitlog/getteachertimeid.json',
);
/** GET /lms/api/visitlog/getassessments.json: the grade scale. */
export const getAssessments = () =>
  apiGet<AssessmentsResponse>('/api/visitlog/getassessments.json');
/** POST /lms/api/visitlog/getmodulejournal.json: the discipline's modules. */
export const getModules = postEndpoint<ModulesBody, ModulesResponse>(
  '/api/visitlog/getmodulejournal.json',
);

/** POST /lms/api/visitlog/getjournal.json: lessons, students and their marks and figures. */
export const getJournal = postEndpoint<JournalBody, JournalGridResponse>(
  '/api/visitlog/getjournal.json',
);
/** POST /lms/api/visitlog/studentvisitinsertall.json: creates a lesson, everyone present. */
export const insertAll = postEndpoint<InsertAllBody, LessonSmsResponse>(
  '/api/visitlog/studentvisitinsertall.json',
);
/**
 * POST /lms/api/visitlog/studentvisitupdate.json: one cell, on the version it was typed on; a 409
 * answer carries the cell as it is now (CellConflict).
 */
export const updateVisit = postEndpoint<VisitUpdateBody, VisitSavedResponse>(
  '/api/visitlog/studentvisitupdate.json',
);
/** POST /lms/api/visitlog/deletestudentfromlist.json: takes a student off a lesson's list. */
export const deleteFromList = postEndpoint<DeleteFromListBody, VisitSmsResponse>(
  '/api/visitlog/deletestudentfromlist.json',
);
/** POST /lms/api/visitlog/journal/deletejournal.json: deletes a lesson and its marks. */
export const deleteLesson = postEndpoint<LessonIdBody, JournalDeleteResponse>(
  '/api/visitlog/journal/deletejournal.json',
);

/** POST /lms/api/visitlog/gettemajournal.json: a lesson's topic and module. */
export const getTopic = postEndpoint<LessonIdBody, LessonTopic>(
  '/api/visitlog/gettemajournal.json',
);
/** POST /lms/api/visitlog/savetemajournal.json */
export const saveTopic = postEndpoint<SaveTopicBody, VisitSmsResponse>(
  '/api/visitlog/savetemajournal.json',
);
/** POST /lms/api/visitlog/temareport.json: every lesson's topic and how much was marked. */
export const getTopicReport = postEndpoint<JournalKey, TopicReportResponse>(
  '/api/visitlog/temareport.json',
);

/** The download links of a journal: GET /lms/api/visitlog/export.csv and export.xlsx. */
export function exportUrl(key: JournalKey, format: 'csv' | 'xlsx'): string {
  return apiUrl(`/api/visitlog/export.${format}`, {
    year: key.year,
    ws: key.ws,
    id_discipline: key.id_discipline,
    id_group: key.id_group,
    ...(key.id_subgroup ? { id_subgroup: key.id_subgroup } : {}),
    id_vid_zaniatiy: key.id_vid_zaniatiy,
  });
}

/**
 * What a cell holds now, from the 409 answer to a cell save based on an older version; null for
 * any other failure.
 */
export function conflictOf(error: unknown): CellConflictData | null {
  const failure = classifyError(error);
  if (failure.status !== 409) return null;
  const body = (failure.cause as { response?: { data?: unknown } } | undefined)?.response?.data;
  const data = (body as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'object' || data === null || !('version' in data)) return null;
  return data as CellConflictData;
}
