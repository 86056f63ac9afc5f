import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  REGISTRATION_API,
  STUDENT_SEARCH_MIN_LENGTH,
  useSession,
  type RegSmsResponse,
  type SetHoldBody,
} from '@lms/shared';

/** POST …/holds/list.json (registrar): every hold, newest first. */
export const getHolds = postEndpoint(REGISTRATION_API.holds);
/** POST …/holds/set.json (registrar): block a student's registration with a note. */
export const setHold = postEndpoint(REGISTRATION_API.setHold);
/** POST …/holds/lift.json (registrar) {id} */
export const liftHold = postEndpoint(REGISTRATION_API.liftHold);

/** POST …/holds/students.json (registrar) {query}: the students whose name or group matches. */
export const searchStudents = postEndpoint(REGISTRATION_API.holdStudents);

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
