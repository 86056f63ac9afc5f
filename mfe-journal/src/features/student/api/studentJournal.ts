import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  currentTermKeys,
  DISCIPLINE_API,
  fetchCurrentWs,
  fetchCurrentYear,
  postEndpoint,
  useSession,
  VISITLOG_API,
  type StudentJournalStartResponse,
} from '@lms/shared';

/** Query keys of the student's journal, under the student's uid. */
export const studentKeys = {
  all: (uid: number) => ['journal', 'student', uid] as const,
  start: (uid: number) => ['journal', 'student', uid, 'start'] as const,
  disciplines: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'disciplines', body ?? null] as const,
  journal: (uid: number, body?: object) =>
    ['journal', 'student', uid, 'journal', body ?? null] as const,
};

/** The student's disciplines. */
export const getStudentDisciplines = postEndpoint(DISCIPLINE_API.studentDisciplines);

/** One's own journal of a discipline. */
export const getStudentJournal = postEndpoint(VISITLOG_API.studentJournal);

/** POST /lms/api/visitlog/studentstart.json {}: the student's first screen in one answer. */
export const getStudentStart = postEndpoint(VISITLOG_API.studentStart);

/**
 * The first screen's parts, each under the key of the query that asks for it alone (the kit's
 * current year and ws included): the page's queries find them there instead of asking, one after
 * the other, themselves.
 */
function seedStart(client: QueryClient, uid: number, start: StudentJournalStartResponse) {
  client.setQueryData(currentTermKeys.year, start.year);
  client.setQueryData(currentTermKeys.ws, start.ws);
  const semester = { year: start.year.id_a_year, ws: start.ws.ws };
  client.setQueryData(studentKeys.disciplines(uid, { uid, ...semester }), start.disciplines);
  const first = start.disciplines[0];
  if (first && start.journal) {
    const body = { ...semester, id_discipline: first.id_discipline };
    client.setQueryData(studentKeys.journal(uid, body), start.journal);
  }
}

/**
 * The student's chain: the current semester, its disciplines (the first one by default), then
 * the journal of the chosen one. The whole first screen comes first in one answer
 * (studentstart.json); when it fails (an API without it, or one of its parts failing), each
 * part is asked by its own call as before, whose failure then shows where.
 */
export function useStudentJournal() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);

  // Asked once while the page's cache lives: later the parts keep themselves fresh.
  const start = useQuery({
    queryKey: studentKeys.start(uid),
    queryFn: user
      ? async ({ signal }) => {
          try {
            const answer = await getStudentStart({});
            // Cancelled on its way (a language switch): its parts are in the old language.
            if (signal.aborted) return false;
            seedStart(client, uid, answer);
            return true;
          } catch {
            return false;
          }
        }
      : skipToken,
    staleTime: Infinity,
  });
  // The kit's current year and ws (useCurrentTerm's queries), asked alone only once the first
  // screen's answer is in (it brings them) or failed.
  const settled = !!user && !start.isPending;
  const term = {
    ws: useQuery({
      queryKey: currentTermKeys.ws,
      queryFn: settled ? fetchCurrentWs : skipToken,
    }),
    year: useQuery({
      queryKey: currentTermKeys.year,
      queryFn: settled ? fetchCurrentYear : skipToken,
    }),
  };
  const semester =
    term.ws.data && term.year.data
      ? { year: term.year.data.id_a_year, ws: term.ws.data.ws }
      : undefined;
  const listBody = settled && semester ? { uid, ...semester } : undefined;
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
