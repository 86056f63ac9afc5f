import {
  apiUrl,
  classifyError,
  getEndpoint,
  postEndpoint,
  VISITLOG_API,
  type CellConflict as CellConflictData,
  type JournalKey,
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

/** The teacher's disciplines then. */
export const getDisciplines = postEndpoint(VISITLOG_API.disciplines);
/** Groups (and subgroups) of a discipline. */
export const getGroups = postEndpoint(VISITLOG_API.groups);
/** Lesson types the teacher gives that group. */
export const getLessonTypes = postEndpoint(VISITLOG_API.lessonTypes);
/** Forms of education. */
export const getEducationForms = postEndpoint(VISITLOG_API.educationForms);
/** The lesson orders of a day (first…fifth). */
export const getLessonTimes = postEndpoint(VISITLOG_API.lessonTimes);
/** The grade scale. */
const assessments = getEndpoint(VISITLOG_API.assessments);
export const getAssessments = () => assessments();
/** The discipline's modules. */
export const getModules = postEndpoint(VISITLOG_API.modules);

/** Lessons, students and their marks and figures. */
export const getJournal = postEndpoint(VISITLOG_API.journal);
/** Creates a lesson, everyone present. */
export const insertAll = postEndpoint(VISITLOG_API.insertAll);
/**
 * One cell, on the version it was typed on; a 409
 * answer carries the cell as it is now (CellConflict).
 */
export const updateVisit = postEndpoint(VISITLOG_API.updateVisit);
/** Takes a student off a lesson's list. */
export const deleteFromList = postEndpoint(VISITLOG_API.removeStudent);
/** Deletes a lesson and its marks. */
export const deleteLesson = postEndpoint(VISITLOG_API.deleteLesson);

/** A lesson's topic and module. */
export const getTopic = postEndpoint(VISITLOG_API.topic);
export const saveTopic = postEndpoint(VISITLOG_API.saveTopic);
/** Every lesson's topic and how much was marked. */
export const getTopicReport = postEndpoint(VISITLOG_API.topicReport);

const EXPORTS = { csv: VISITLOG_API.exportCsv, xlsx: VISITLOG_API.exportXlsx };

/** The download links of a journal, as CSV and as a workbook. */
export function exportUrl(key: JournalKey, format: 'csv' | 'xlsx'): string {
  return apiUrl(EXPORTS[format], {
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
