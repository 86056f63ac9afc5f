import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  notify,
  postEndpoint,
  useSession,
  WORKLOAD_API,
  type WorkloadAdjustBody,
} from '@lms/shared';

/** POST workload/teacher.json: a teacher's plan for the year (their own, or the registrar's pick). */
export const getTeacherPlan = postEndpoint(WORKLOAD_API.teacher);
/** POST workload/department.json (the registrar, a head): a department's teachers with totals. */
export const getDepartment = postEndpoint(WORKLOAD_API.department);
/** POST workload/adjust.json (the registrar): a row's new planned hours with a note. */
export const adjustRow = postEndpoint(WORKLOAD_API.adjust);

/** The workbook's link: a department's (the registrar, a head), or the teacher's own plan. */
export function exportUrl(departmentId?: number | null, yearId?: number): string {
  return apiUrl(WORKLOAD_API.exportXlsx, {
    ...(departmentId ? { departmentId } : {}),
    ...(yearId === undefined ? {} : { yearId }),
  });
}

/** The body's year: omitted (the server's current year) until one is picked. */
const yearOf = (yearId: number | null) => (yearId === null ? {} : { yearId });

/** Keys of the caller's workload data (per account and language: the names are translated). */
const keys = {
  all: (uid: number) => ['workload', uid] as const,
  teacher: (uid: number, teacherId: number | null, yearId: number | null, lng: string) =>
    ['workload', uid, 'teacher', teacherId, yearId, lng] as const,
  department: (uid: number, departmentId: number | null, yearId: number | null, lng: string) =>
    ['workload', uid, 'department', departmentId, yearId, lng] as const,
};

function useCaller() {
  const { user } = useSession();
  return user?.uid ?? 0;
}

/**
 * A teacher's plan: null for the caller's own; `yearId` null for the current year. Another year's
 * plan keeps the one on screen until it arrives (the picker stays where it is).
 */
export function useTeacherPlan(teacherId: number | null, yearId: number | null, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.teacher(uid, teacherId, yearId, lng),
    queryFn: () =>
      getTeacherPlan({ ...(teacherId === null ? {} : { teacherId }), ...yearOf(yearId) }),
    placeholderData: keepPreviousData,
  });
}

/** A department's teachers: null for the default one (a head's own), and the current year. */
export function useDepartment(departmentId: number | null, yearId: number | null, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.department(uid, departmentId, yearId, lng),
    queryFn: () =>
      getDepartment({ ...(departmentId === null ? {} : { departmentId }), ...yearOf(yearId) }),
    placeholderData: keepPreviousData,
  });
}

/** Saves an adjustment; the plans and the department's totals are read again. */
export function useAdjust(onDone: () => void, savedText: string) {
  const uid = useCaller();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkloadAdjustBody) => adjustRow(body),
    onSuccess: async () => {
      notify(savedText, 'success');
      await client.invalidateQueries({ queryKey: keys.all(uid) });
      onDone();
    },
  });
}
