import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  postEndpoint,
  useCurrentTerm,
  useSession,
  type DisciplineItem,
  type DisciplineListBody,
  type StudentJournalBody,
  type StudentJournalResponse,
} from '@lms/shared';

/** Query keys of the student's journal, under the student's uid. */
export const studentKeys = {
  all: (uid: number) => ['journal', 'student', uid] as const,
  disciplines: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'disciplines', body ?? null] as const,
  journal: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'journal', body ?? null] as const,
};

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

  const term = useCurrentTerm();
  const semester =
    term.ws.data && term.year.data
      ? { year: term.year.data.id_a_year, ws: term.ws.data.ws }
      : undefined;
  const listBody = user && semester ? { uid, ...semester } : undefined;
  const disciplines = useQuery({
    queryKey: studentKeys.disciplines(uid, listBody),
    queryFn: listBody ? () => getStudentDisciplines(listBody) : skipToken,
  });
  const discipline =
    disciplines.data?.find((d) => d.id_discipline === chosen) ?? disciplines.data?.[0] ?? null;
  const journalBody =
    semester && discipline ? { ...semester, id_discipline: discipline.id_discipline } : undefined;
  const journal = useQuery({
    queryKey: studentKeys.journal(uid, journalBody),
    queryFn: journalBody ? () => getStudentJournal(journalBody) : skipToken,
  });

  return { term, disciplines, discipline, choose: setChosen, journal };
}
