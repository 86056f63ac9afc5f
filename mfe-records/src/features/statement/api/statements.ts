import { useMutation, useQuery, useQueryClient, skipToken } from '@tanstack/react-query';
import { postEndpoint, ROLE, STATEMENTS_API, useSession } from '@lms/shared';

export const listTeacherStatements = postEndpoint(STATEMENTS_API.teacherList);
export const listAllStatements = postEndpoint(STATEMENTS_API.registrarList);
export const openStatement = postEndpoint(STATEMENTS_API.open);
export const saveStatement = postEndpoint(STATEMENTS_API.save);
export const signStatement = postEndpoint(STATEMENTS_API.sign);
export const confirmStatement = postEndpoint(STATEMENTS_API.confirm);
export const lockStatement = postEndpoint(STATEMENTS_API.lock);
export const myStatementLines = postEndpoint(STATEMENTS_API.mine);
export const openRetake = postEndpoint(STATEMENTS_API.retake);
export const retakeTeachers = postEndpoint(STATEMENTS_API.retakeTeachers);
export const statementNotices = postEndpoint(STATEMENTS_API.notices);
export const readStatementNotice = postEndpoint(STATEMENTS_API.noticeRead);

export const statementKeys = {
  all: ['statements'] as const,
  list: (uid: number, who: 'teacher' | 'registrar') => ['statements', uid, 'list', who] as const,
  one: (uid: number, id: number | null) => ['statements', uid, 'one', id] as const,
  mine: (uid: number) => ['statements', uid, 'mine'] as const,
  retakeTeachers: (uid: number, id: number) => ['statements', uid, 'retakeTeachers', id] as const,
  notices: (uid: number) => ['statements', uid, 'notices'] as const,
};

/** The statements the caller works on: their own (teacher) or all of them (registrar). */
export function useStatementList(who: 'teacher' | 'registrar') {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: statementKeys.list(uid, who),
    queryFn: () => (who === 'registrar' ? listAllStatements({}) : listTeacherStatements({})),
  });
}

/** One statement with its lines (none chosen: nothing asked). */
export function useStatement(id: number | null) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: statementKeys.one(uid, id),
    queryFn: id === null ? skipToken : () => openStatement({ id }),
  });
}

/** The student's own lines. */
export function useMyLines() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: statementKeys.mine(uid), queryFn: () => myStatementLines({}) });
}

/**
 * A step on a statement (save, sign, confirm, lock): its answer is the statement as it now
 * stands, put in the cache; the lists are asked again (a state moved).
 */
export function useStatementStep<Body extends { id: number }>(
  step: (body: Body) => ReturnType<typeof openStatement>,
) {
  const client = useQueryClient();
  const uid = useSession().user?.uid ?? 0;
  return useMutation({
    mutationFn: step,
    onSuccess: (detail) => {
      client.setQueryData(statementKeys.one(uid, detail.id), detail);
      void client.invalidateQueries({ queryKey: ['statements', uid, 'list'] });
      // A sheet signed leaves the notices: they are of drafts only.
      void client.invalidateQueries({ queryKey: statementKeys.notices(uid) });
      // A retake sheet's steps change its original's (and earlier sheets') supersession.
      void client.invalidateQueries({
        queryKey: ['statements', uid, 'one'],
        predicate: (query) => query.queryKey[3] !== detail.id,
      });
    },
  });
}

/** The registrar opens a retake sheet: the new sheet is cached, the lists asked again. */
export function useOpenRetake() {
  return useStatementStep(openRetake);
}

/** The teachers a retake sheet of the original may go to (its own teacher first). */
export function useRetakeTeachers(id: number) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: statementKeys.retakeTeachers(uid, id),
    queryFn: () => retakeTeachers({ id }),
  });
}

/** The teacher's unread notices of their statements (a retake sheet assigned, a deadline past). */
export function useStatementNotices() {
  const { user } = useSession();
  return useQuery({
    queryKey: statementKeys.notices(user?.uid ?? 0),
    queryFn: user?.role === ROLE.teacher ? () => statementNotices({}) : skipToken,
  });
}

/** Marks one notice read: the answer is the unread ones that remain. */
export function useReadNotice() {
  const client = useQueryClient();
  const uid = useSession().user?.uid ?? 0;
  return useMutation({
    mutationFn: (id: number) => readStatementNotice({ id }),
    onSuccess: (left) => client.setQueryData(statementKeys.notices(uid), left),
  });
}
