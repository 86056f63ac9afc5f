import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dismissNotification,
  notify,
  useFormat,
  useSession,
  type AttendanceSource,
  type InsertAllBody,
  type JournalGridResponse,
  type JournalKey,
  type Mark as ServerMark,
  type SaveTopicBody,
} from '@lms/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { formatMoment } from '../../../lib/dates';
import { summarize, fromServer } from '../../../lib/marks';
import { sourceAfterHandMark } from '../grid';
import { CellConflict, type CellRef } from '../types';
import {
  conflictOf,
  deleteFromList,
  deleteLesson,
  getAssessments,
  getEducationForms,
  getJournal,
  getLessonTimes,
  getModules,
  getTopic,
  getTopicReport,
  insertAll,
  journalKeys,
  saveTopic,
  updateVisit,
} from './visitlog';

const useUid = () => useSession().user?.uid ?? 0;

/** The journal of the chosen key (lessons, students, marks and figures). */
export function useJournal(key: JournalKey | null) {
  const uid = useUid();
  return useQuery({
    queryKey: key ? journalKeys.journal(uid, key) : ['journal', uid, 'grid', null],
    queryFn: key ? () => getJournal(key) : skipToken,
  });
}

/** The grade scale: the same for everyone, asked once. */
export function useAssessments() {
  return useQuery({
    queryKey: ['journal', 'assessments'],
    queryFn: getAssessments,
    staleTime: Infinity,
  });
}

export function useEducationForms() {
  return useQuery({
    queryKey: ['journal', 'educationForms'],
    queryFn: () => getEducationForms({}),
    staleTime: Infinity,
  });
}

export function useLessonTimes() {
  return useQuery({
    queryKey: ['journal', 'lessonTimes'],
    queryFn: () => getLessonTimes({}),
    staleTime: Infinity,
  });
}

/**
 * The journal's row of a student with one cell changed, its figures counted again. `version` is
 * the cell's new version; 0 takes the student off the lesson's list (the cell has no row).
 * `source` is how the cell's attendance was recorded now; without it, as a hand mark records it.
 */
export function withMark(
  journal: JournalGridResponse,
  id_student: number,
  id_lesson: number,
  otsenka: ServerMark,
  version: number,
  source?: AttendanceSource,
): JournalGridResponse {
  return {
    ...journal,
    rows: journal.rows.map((row) => {
      if (row.id_student !== id_student) return row;
      const cell = String(id_lesson);
      const marks = { ...row.marks, [cell]: otsenka };
      const versions = { ...row.versions, [cell]: version };
      const sources = {
        ...row.sources,
        [cell]: source ?? sourceAfterHandMark(row.sources[cell] ?? 'none', fromServer(otsenka)),
      };
      if (version === 0) {
        delete marks[cell];
        delete versions[cell];
        delete sources[cell];
      }
      const listed = journal.lessons
        .map((lesson) => String(lesson.id_lesson))
        .filter((id) => id in marks)
        .map((id) => fromServer(marks[id]));
      const summary = summarize(listed);
      return {
        ...row,
        marks,
        versions,
        sources,
        timesCount: summary.absences,
        hours: summary.hours,
        total: summary.total,
        average: summary.average,
        attendancePercent: summary.attendance,
      };
    }),
  };
}

// One notice at a time for the cell saves: fast entry must not stack a pile of them.
let lastSaveNotice: number | null = null;

/**
 * Saves one cell (studentvisitupdate) on the version it was typed on and puts the saved mark and
 * its new version into the cached journal, so the grid does not ask for the whole journal again
 * after every keystroke. A saved cell says so itself (its tick): no notification covers the grid
 * being typed in. When the cell had changed meanwhile (409), the cached journal takes the newer
 * mark, the user is told who set it and when, and the save rejects with CellConflict; a cell that
 * already holds the mark typed counts as saved.
 */
export function useSaveVisit(key: JournalKey) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const putCell = (id_lesson: number, id_student: number, otsenka: ServerMark, version: number) =>
    queryClient.setQueryData<JournalGridResponse>(journalKeys.journal(uid, key), (journal) =>
      journal ? withMark(journal, id_student, id_lesson, otsenka, version) : journal,
    );
  const showNotice = (message: string) => {
    if (lastSaveNotice !== null) dismissNotification(lastSaveNotice);
    lastSaveNotice = notify(message, 'error');
  };
  return async (cell: CellRef, otsenka: ServerMark, basedOn: number): Promise<number> => {
    const id_lesson = Number(cell.lesson.key);
    const id_student = cell.student.id;
    let version: number;
    try {
      ({ version } = await updateVisit({ id_lesson, id_student, otsenka, version: basedOn }));
      putCell(id_lesson, id_student, otsenka, version);
    } catch (error) {
      const current = conflictOf(error);
      if (!current) throw error;
      putCell(id_lesson, id_student, current.otsenka, current.version);
      // Written elsewhere, perhaps by the student's check-in: how it was recorded is asked again.
      void queryClient.invalidateQueries({ queryKey: journalKeys.journal(uid, key) });
      if (current.version > 0 && current.otsenka === otsenka) return current.version;
      const mark = fromServer(current.otsenka);
      const names = {
        student: cell.student.name,
        lesson: cell.lesson.title,
        mark: mark === '' ? t('mark.present') : mark,
      };
      const message =
        current.version === 0 || current.at === null
          ? t('conflict.removed', names)
          : t('conflict.changed', {
              ...names,
              by: current.by ?? t('conflict.someone'),
              ...formatMoment(current.at, format),
            });
      showNotice(message);
      throw new CellConflict(
        { mark, by: current.by, at: current.version === 0 ? null : current.at },
        message,
      );
    } finally {
      void queryClient.invalidateQueries({ queryKey: journalKeys.report(uid, key) });
    }
    return version;
  };
}

/** Lessons added or deleted: the grid and the topic report are asked again. */
function useReloadJournal(key: JournalKey) {
  const uid = useUid();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: journalKeys.journal(uid, key) }),
      queryClient.invalidateQueries({ queryKey: journalKeys.report(uid, key) }),
    ]);
}

export function useAddLesson(key: JournalKey) {
  const reload = useReloadJournal(key);
  return useMutation({
    mutationFn: (body: InsertAllBody) => insertAll(body),
    onSuccess: async ({ sms }) => {
      notify(sms, 'success');
      await reload();
    },
  });
}

export function useDeleteLesson(key: JournalKey) {
  const reload = useReloadJournal(key);
  return useMutation({
    mutationFn: (id_lesson: number) => deleteLesson({ id_lesson }),
    onSuccess: async ({ sms }) => {
      notify(sms, 'success');
      await reload();
    },
  });
}

export function useRemoveStudent(key: JournalKey) {
  const reload = useReloadJournal(key);
  return useMutation({
    mutationFn: (body: { id_lesson: number; id_student: number }) => deleteFromList(body),
    onSuccess: async ({ sms }) => {
      notify(sms, 'success');
      await reload();
    },
  });
}

export function useTopic(id_lesson: number) {
  const uid = useUid();
  return useQuery({
    queryKey: journalKeys.topic(uid, id_lesson),
    queryFn: () => getTopic({ id_lesson }),
  });
}

export function useModules(key: JournalKey) {
  const uid = useUid();
  const body = { year: key.year, ws: key.ws, id_discipline: key.id_discipline };
  return useQuery({
    queryKey: journalKeys.list(uid, 'modules', body),
    queryFn: () => getModules(body),
  });
}

export function useSaveTopic(key: JournalKey) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const reload = useReloadJournal(key);
  return useMutation({
    mutationFn: (body: SaveTopicBody) => saveTopic(body),
    onSuccess: async ({ sms }, body) => {
      notify(sms, 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalKeys.topic(uid, body.id_lesson) }),
        reload(),
      ]);
    },
  });
}

export function useTopicReport(key: JournalKey, enabled: boolean) {
  const uid = useUid();
  return useQuery({
    queryKey: journalKeys.report(uid, key),
    queryFn: enabled ? () => getTopicReport(key) : skipToken,
  });
}
