import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCurrentTerm, useSession, type SessionUser } from '@lms/shared';
import { useChain } from '../../chain';
import { placeKeys, unreadCounts, unreadKeys, type UnreadScope } from './unread';

/** count.json's answer, kept with the scope it was asked for. */
interface UnreadCounts {
  scope: UnreadScope;
  total: number;
  contacts: { idid: number; countMessages: number }[];
}

/** count.json for a scope, cached under it (every cached scope is lowered and refreshed alike). */
function useUnreadCounts(user: SessionUser | null, scope: UnreadScope | undefined) {
  return useQuery({
    queryKey: unreadKeys.scope(user?.uid ?? 0, scope),
    queryFn:
      user && scope
        ? async (): Promise<UnreadCounts> => ({
            scope,
            ...(await unreadCounts({ ...scope, id_from_type: user.role, id_from: user.id })),
          })
        : skipToken,
  });
}

/**
 * Unread counts of the chain's current list (contact id → count; -1 the group chat) and the
 * total over all the user's conversations (the menu badge).
 */
export function useUnread() {
  const { user, chain, group } = useChain();
  const scope: UnreadScope | undefined = chain
    ? {
        year: chain.year,
        ws: chain.ws,
        id_discipline: chain.id_discipline,
        ...(group && { id_group: group.id_group }),
      }
    : undefined;
  const query = useUnreadCounts(user, scope);
  const byContact = new Map(
    (query.data?.contacts ?? []).map((entry) => [entry.idid, entry.countMessages]),
  );
  return { total: query.data?.total ?? 0, countOf: (id: number) => byContact.get(id) ?? 0 };
}

/**
 * The total over all the user's conversations alone (the menu badge on every page): count.json
 * for the semester, which needs only the current term, not the chat's discipline chain (six lists
 * asked on every page for one number).
 */
export function useUnreadTotal(): number {
  const { user } = useSession();
  const { ws, year } = useCurrentTerm();
  const scope: UnreadScope | undefined =
    ws.data && year.data ? { year: year.data.id_a_year, ws: ws.data.ws } : undefined;
  return useUnreadCounts(user, scope).data?.total ?? 0;
}

/** Where a read happened: a contact of one discipline's group list. */
export interface ReadPlace {
  id_discipline: number;
  id_group: number;
  contact: number;
}

const isAt = (counts: UnreadCounts, place: ReadPlace) =>
  counts.scope.id_discipline === place.id_discipline && counts.scope.id_group === place.id_group;

/**
 * Unread arithmetic of spec §4 without asking the server: one read lowers the contact's count
 * by 1, "read all" sets it to 0; the total drops by as much in every cached answer.
 */
export function lowerUnread(
  queryClient: QueryClient,
  uid: number,
  place: ReadPlace,
  by: number | 'all',
) {
  const entries = queryClient.getQueriesData<UnreadCounts>({ queryKey: unreadKeys.all(uid) });
  const here = entries.find(([, data]) => data && isAt(data, place))?.[1];
  const current = here?.contacts.find((c) => c.idid === place.contact)?.countMessages ?? 0;
  const lowered = by === 'all' ? current : Math.min(current, by);
  if (lowered === 0) return;
  // The discipline and group of the read are asked again (one request), to stay exact.
  void queryClient.invalidateQueries({ queryKey: placeKeys.all(uid) }, { cancelRefetch: false });
  for (const [key, data] of entries) {
    if (!data) continue;
    queryClient.setQueryData<UnreadCounts>(key, {
      ...data,
      total: Math.max(0, data.total - lowered),
      contacts: isAt(data, place)
        ? data.contacts.map((c) =>
            c.idid === place.contact ? { ...c, countMessages: c.countMessages - lowered } : c,
          )
        : data.contacts,
    });
  }
}
