import { useQuery } from '@tanstack/react-query';
import { AUDIT_API, postEndpoint, useSession } from '@lms/shared';

/** A student's trail: the changes of their records, newest first (the student: marks only). */
export const getStudentHistory = postEndpoint(AUDIT_API.student);

/** The query key of a student's mark history, under the reader's uid. */
export const historyKeys = {
  student: (uid: number, idStudent: number) =>
    ['journal', uid, 'studentHistory', idStudent] as const,
};

/**
 * The changes of a student's marks (the journal's cells), newest first. The registrar's answer
 * holds the student's other records too: this screen is about marks, so it keeps those only.
 */
export function useStudentMarkHistory(idStudent: number) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: historyKeys.student(uid, idStudent),
    queryFn: () => getStudentHistory({ id_student: idStudent }),
    select: (entries) => entries.filter((entry) => entry.kind === 'journal.cell'),
    // Every opening asks again: a mark changed meanwhile is in it.
    staleTime: 0,
  });
}
