import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getEndpoint,
  postEndpoint,
  REGISTRATION_API,
  useSession,
  type RegStartResponse,
} from '@lms/shared';

/** Query keys of the registration remote, everything under the user's uid. */
export const termKeys = {
  defaultYear: (uid: number) => ['registration', uid, 'defyear'] as const,
  years: (uid: number) => ['registration', uid, 'years'] as const,
  semesters: (uid: number, body?: object) =>
    ['registration', uid, 'semesters', body ?? null] as const,
};

/** The current academic year. */
export const getDefaultYear = postEndpoint(REGISTRATION_API.defaultYear);
/** The years, newest first. */
const years = getEndpoint(REGISTRATION_API.years);
export const getYears = () => years();
/** Semesters of a year with a plan. */
export const getSemesters = postEndpoint(REGISTRATION_API.semesters);

/** A student's first screen in one answer. */
export const getStart = postEndpoint(REGISTRATION_API.start);

/**
 * The first screen's parts, each under the key of the query that asks for it alone: the page's
 * queries find them there instead of asking, one after the other, themselves. The keys of the
 * student's own parts (`student` + part) are the registration api's (features/registration).
 */
function seedStart(client: QueryClient, uid: number, start: RegStartResponse) {
  client.setQueryData(termKeys.years(uid), start.years);
  client.setQueryData(
    termKeys.semesters(uid, { id_a_year: start.year.id_a_year }),
    start.semesters,
  );
  if (!start.term) return;
  const body = { ...start.term, uid };
  const part = (name: string, data: unknown) =>
    client.setQueryData(['registration', uid, 'student', name, body], data);
  client.setQueryData(['registration', uid, 'student', 'list', start.term], start.list);
  part('permission', start.permission);
  if (start.electives) part('electives', start.electives);
  part('waitlist', start.waitlist);
}

/** A copy younger than this came with the answer the page has just had (start.json). */
export const JUST_ANSWERED_MS = 2_000;

/**
 * `refetchOnMount` of the parts that change with other people (seats, waiting lists): a page
 * opened again asks again even when its copy is younger than the stale time, except for a copy
 * the first screen has just brought.
 */
export const askAgainOnMount = (query: { state: { dataUpdatedAt: number } }): boolean | 'always' =>
  Date.now() - query.state.dataUpdatedAt < JUST_ANSWERED_MS ? false : 'always';

export interface Term {
  id_a_year: number;
  id_semester: 1 | 2 | 3;
}

/**
 * The default-year chain (spec §4): the default year, the years, then the semesters of the
 * chosen year. The default year and the first semester are the choices until the user picks.
 * With `start` (a student's page) the default year comes with the whole first screen
 * (start.json), whose parts the page's later queries then find in the cache.
 */
export function useTerm({ start = false }: { start?: boolean } = {}) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const client = useQueryClient();
  const [year, setYear] = useState<number | null | undefined>(undefined);
  const [semester, setSemester] = useState<number | null | undefined>(undefined);

  const defaultYear = useQuery({
    queryKey: termKeys.defaultYear(uid),
    queryFn: !user
      ? skipToken
      : start
        ? async () => {
            let first: RegStartResponse;
            try {
              first = await getStart({});
            } catch {
              // The page's own calls one by one, as before (an API without start.json, or one
              // of its parts failing: the part's own call then shows where).
              return getDefaultYear({});
            }
            seedStart(client, uid, first);
            return first.year;
          }
        : () => getDefaultYear({}),
  });
  // The first screen brings the years too: asked alone only once it is in.
  const years = useQuery({
    queryKey: termKeys.years(uid),
    queryFn: user && (!start || !defaultYear.isPending) ? getYears : skipToken,
  });
  const yearId = year === undefined ? (defaultYear.data?.id_a_year ?? null) : year;
  const semestersBody = yearId === null ? undefined : { id_a_year: yearId };
  const semesters = useQuery({
    queryKey: termKeys.semesters(uid, semestersBody),
    queryFn: semestersBody ? () => getSemesters(semestersBody) : skipToken,
  });
  const semesterId =
    semester === undefined
      ? (semesters.data?.[0]?.id_semester ?? null)
      : (semesters.data?.find((s) => s.id_semester === semester)?.id_semester ?? null);
  const term: Term | undefined =
    yearId !== null && semesterId !== null
      ? { id_a_year: yearId, id_semester: semesterId }
      : undefined;

  return {
    defaultYear,
    years,
    semesters,
    yearId,
    semesterId,
    term,
    chooseYear: (id: number | null) => {
      setYear(id);
      setSemester(undefined);
    },
    chooseSemester: (id: number | null) => setSemester(id),
  };
}

export type TermChain = ReturnType<typeof useTerm>;
