import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  apiGet,
  postEndpoint,
  useSession,
  type EmptyBody,
  type RegSemestersBody,
  type RegSemestersResponse,
  type RegYear,
  type RegYearsResponse,
} from '@lms/shared';

/** Query keys of the registration remote, everything under the user's uid. */
export const termKeys = {
  defaultYear: (uid: number) => ['registration', uid, 'defyear'] as const,
  years: (uid: number) => ['registration', uid, 'years'] as const,
  semesters: (uid: number, body?: object) =>
    ['registration', uid, 'semesters', body ?? null] as const,
};

/** POST /lms/api/regfordisciplines/getdefyear.json: the current academic year. */
export const getDefaultYear = postEndpoint<EmptyBody, RegYear>(
  '/api/regfordisciplines/getdefyear.json',
);
/** GET /lms/api/regfordisciplines/getyears.json: the years, newest first. */
export const getYears = () => apiGet<RegYearsResponse>('/api/regfordisciplines/getyears.json');
/** POST /lms/api/regfordisciplines/getsemesters.json: semesters of a year with a plan. */
export const getSemesters = postEndpoint<RegSemestersBody, RegSemestersResponse>(
  '/api/regfordisciplines/getsemesters.json',
);

export interface Term {
  id_a_year: number;
  id_semester: 1 | 2 | 3;
}

/**
 * The default-year chain (spec §4): the default year, the years, then the semesters of the
 * chosen year. The default year and the first semester are the choices until the user picks.
 */
export function useTerm() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const [year, setYear] = useState<number | null | undefined>(undefined);
  const [semester, setSemester] = useState<number | null | undefined>(undefined);

  const defaultYear = useQuery({
    queryKey: termKeys.defaultYear(uid),
    queryFn: user ? () => getDefaultYear({}) : skipToken,
  });
  const years = useQuery({ queryKey: termKeys.years(uid), queryFn: user ? getYears : skipToken });
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
