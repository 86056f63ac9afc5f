import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dismissNotification,
  notify,
  useSession,
  type InsertAllBody,
  type JournalKey,
  type JournalResponse,
  type Mark as ServerMark,
  type SaveTopicBody,
} from '@lms/shared';
import { summarize, fromServer } from '../../../lib/marks';
import {
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

/** The journal's row of a student with one mark changed, its figures counted again. */
export function withMark(
  journal: JournalResponse,
  id_student: number,
  id_lesson: number,
  otsenka: ServerMark,
): JournalResponse {
  return {
    ...journal,
    rows: journal.rows.map((row) => {
      if (row.id_student !== id_student) return row;
      const marks = { ...row.marks, [String(id_lesson)]: otsenka };
      const listed = journal.lessons
        .map((lesson) => String(lesson.id_lesson))
        .filter((id) => id in marks)
        .map((id) => fromServer(marks[id]));
      const summary = summarize(listed);
      return {
        ...row,
        marks,
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
 * Saves one cell (studentvisitupdate) and puts the saved mark into the cached journal, so the
 * grid does not ask for the whole journal again after every keystroke. The server's answer is
 * shown as a notification (spec §8).
 */
export function useSaveVisit(key: JournalKey) {
  const uid = useUid();
  const queryClient = useQueryClient();
  return async (id_lesson: number, id_student: number, otsenka: ServerMark) => {
    const { sms } = await updateVisit({ id_lesson, id_student, otsenka });
    queryClient.setQueryData<JournalResponse>(journalKeys.journal(uid, key), (journal) =>
      journal ? withMark(journal, id_student, id_lesson, otsenka) : journal,
    );
    void queryClient.invalidateQueries({
      queryKey: journalKeys.report(uid, key),
    });
    if (lastSaveNotice !== null) dismissNotification(lastSaveNotice);
    lastSaveNotice = notify(sms, 'success');
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
