import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  apiGet,
  postEndpoint,
  useSession,
  type CurrentWsResponse,
  type CurrentYearResponse,
  type DisciplineItem,
  type DisciplineListBody,
  type StudentJournalBody,
  type StudentJournalResponse,
} from '@lms/shared';

/** Query keys of the student's journal, under the student's uid. */
export const studentKeys = {
  all: (uid: number) => ['journal', 'student', uid] as const,
  current: (uid: number) => ['journal', 'student', uid, 'current'] as const,
  disciplines: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'disciplines', body ?? null] as const,
  journal: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'journal', body ?? null] as const,
};

/** The current academic year and semester kind (GET discipline/current/year.json and ws.json). */
async function currentSemester() {
  const [year, ws] = await Promise.all([
    apiGet<CurrentYearResponse>('/api/discipline/current/year.json'),
    apiGet<CurrentWsResponse>('/api/discipline/current/ws.json'),
  ]);
  return { year: year.id_a_year, ws: ws.ws };
}

/** POST /lms/api/discipline/forStudentDisciplinelist.json: the student's disciplines. */
export const getStudentDisciplines = postEndpoint<DisciplineListBody, DisciplineItem[]>(
  '/api/discipline/forStudentDisciplinelist.json',
);

/** POST /lms/api/visitlog/getjournalforstudent.json: one's own journal of a discipline. */
export const getStudentJournal = postEndpoint<StudentJournalBody, StudentJournalResponse>(
  '/api/visitlog/getjournalforstudent.json',
);

/**
 * The student's chain: the current semester, its disciplines (the first one by default), then
 * the journal of the chosen one.
 */
export function useStudentJournal() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);

  const current = useQuery({
    queryKey: studentKeys.current(uid),
    queryFn: currentSemester,
    enabled: !!user,
  });
  const listBody = user && current.data ? { uid, ...current.data } : undefined;
  const disciplines = useQuery({
    queryKey: studentKeys.disciplines(uid, listBody),
    queryFn: listBody ? () => getStudentDisciplines(listBody) : skipToken,
  });
  const discipline =
    disciplines.data?.find((d) => d.id_discipline === chosen) ?? disciplines.data?.[0] ?? null;
  const journalBody =
    current.data && discipline
      ? { ...current.data, id_discipline: discipline.id_discipline }
      : undefined;
  const journal = useQuery({
    queryKey: studentKeys.journal(uid, journalBody),
    queryFn: journalBody ? () => getStudentJournal(journalBody) : skipToken,
  });

  return { current, disciplines, discipline, choose: setChosen, journal };
}
