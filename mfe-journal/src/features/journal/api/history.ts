import { useQuery } from '@tanstack/react-query';
import { AUDIT_API, postEndpoint, useSession } from '@lms/shared';

/** A journal cell's history from the audit trail: who set each value and when, oldest first. */
export const getCellHistory = postEndpoint(AUDIT_API.cell);

/**
 * The history of one cell, asked while its dialog is open (every opening asks again: a mark
 * saved meanwhile is in it).
 */
export function useCellHistory(id_lesson: number, id_student: number) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: ['journal', uid, 'history', id_lesson, id_student],
    queryFn: () => getCellHistory({ id_lesson, id_student }),
    staleTime: 0,
    gcTime: 0,
  });
}
