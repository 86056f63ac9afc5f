import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  useSession,
  type EmptyBody,
  type LiftHoldBody,
  type RegistrarHoldsResponse,
  type RegSmsResponse,
  type SetHoldBody,
  type StudentSearchBody,
  type StudentSearchResponse,
  STUDENT_SEARCH_MIN_LENGTH,
} from '@lms/shared';

const base = '/api/regfordisciplines/holds';

/** POST …/holds/list.json (registrar): every hold, newest first. */
export const getHolds = postEndpoint<EmptyBody, RegistrarHoldsResponse>(`${base}/list.json`);
/** POST …/holds/set.json (registrar): block a student's registration with a note. */
export const setHold = postEndpoint<SetHoldBody, RegSmsResponse>(`${base}/set.json`);
/** POST …/holds/lift.json (registrar) {id} */
export const liftHold = postEndpoint<LiftHoldBody, RegSmsResponse>(`${base}/lift.json`);

/** POST …/holds/students.json (registrar) {query}: the students whose name or group matches. */
export const searchStudents = postEndpoint<StudentSearchBody, StudentSearchResponse>(
  `${base}/students.json`,
);

/** The students matching `text` once it is long enough (nothing is asked before). */
export function useStudentSearch(text: string) {
  const uid = useSession().user?.uid ?? 0;
  const query = text.trim();
  return useQuery({
    queryKey: ['registration', uid, 'registrar', 'students', query] as const,
    queryFn: () => searchStudents({ query }),
    enabled: [...query].length >= STUDENT_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}

export function useHolds() {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const key = ['registration', uid, 'registrar', 'holds'] as const;
  const holds = useQuery({ queryKey: key, queryFn: () => getHolds({}) });
  const done = (data: RegSmsResponse) => {
    notify(data.sms, 'success');
    return client.invalidateQueries({ queryKey: key });
  };
  const set = useMutation({ mutationFn: (body: SetHoldBody) => setHold(body), onSuccess: done });
  const lift = useMutation({ mutationFn: (id: number) => liftHold({ id }), onSuccess: done });
  return { holds, set, lift };
}
