import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postEndpoint, STAFF_ACCESS_API, useSession, type StaffChangeBody } from '@lms/shared';

/** POST staff-access/staff.json (the registrar): staff accounts by name, or the rights' holders. */
export const findStaff = postEndpoint(STAFF_ACCESS_API.staff);
/** POST staff-access/change.json (the registrar): grants or revokes one right of an account. */
export const changeRight = postEndpoint(STAFF_ACCESS_API.change);

/** Keys of the caller's staff lists (per account, search text and language). */
const keys = {
  all: (uid: number) => ['staff-access', uid] as const,
  search: (uid: number, query: string, lng: string) => ['staff-access', uid, query, lng] as const,
};

function useCaller() {
  const { user } = useSession();
  return user?.uid ?? 0;
}

/** The staff a search finds; the blank search lists who holds a right now. */
export function useStaff(query: string, lng: string) {
  const uid = useCaller();
  return useQuery({
    queryKey: keys.search(uid, query, lng),
    queryFn: () => findStaff({ query }),
  });
}

/** Grants or revokes a right; every list is read again (the holders' list changes too). */
export function useChangeRight() {
  const uid = useCaller();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffChangeBody) => changeRight(body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(uid) }),
  });
}
