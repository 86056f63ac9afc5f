import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  ORDERS_API,
  postEndpoint,
  useSession,
  type Order,
  type OrderListResponse,
  type QueueListBody,
} from '@lms/shared';

/** The documents a student may order. */
export const getDocuments = postEndpoint(ORDERS_API.documents);
export const getRegions = postEndpoint(ORDERS_API.regions);
export const getDistricts = postEndpoint(ORDERS_API.districts);
/** Purposes. */
export const getPurposes = postEndpoint(ORDERS_API.purposes);
/** The student's orders, newest first. */
export const getOrders = postEndpoint(ORDERS_API.mine);
export const saveOrder = postEndpoint(ORDERS_API.save);
/** Only while waiting. */
export const cancelOrder = postEndpoint(ORDERS_API.cancel);
/** The registrar's queue. */
export const getQueue = postEndpoint(ORDERS_API.queue);
/** One step forward, with a comment. */
export const moveOrder = postEndpoint(ORDERS_API.move);
/** The registrar withdraws an issued document. */
export const revokeDocument = postEndpoint(ORDERS_API.revoke);
/** The issued PDF (a link). */
export const documentUrl = (id: number) => apiUrl(ORDERS_API.documentFile, { id_order: id });

/** Query keys of the single window, under the user's uid. */
export const orderKeys = {
  all: (uid: number) => ['orders', uid] as const,
  lists: (uid: number, name: string) => ['orders', uid, 'lists', name] as const,
  districts: (uid: number, region: number | null) => ['orders', uid, 'districts', region] as const,
  mine: (uid: number) => ['orders', uid, 'mine'] as const,
  queue: (uid: number, body: QueueListBody) => ['orders', uid, 'queue', body] as const,
};

const useUid = () => useSession().user?.uid ?? 0;

export function useOrderLists() {
  const uid = useUid();
  return {
    documents: useQuery({
      queryKey: orderKeys.lists(uid, 'documents'),
      queryFn: () => getDocuments({}),
    }),
    regions: useQuery({ queryKey: orderKeys.lists(uid, 'regions'), queryFn: () => getRegions({}) }),
    purposes: useQuery({
      queryKey: orderKeys.lists(uid, 'purposes'),
      queryFn: () => getPurposes({}),
    }),
  };
}

export function useDistricts(regionId: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: orderKeys.districts(uid, regionId),
    queryFn: regionId === null ? skipToken : () => getDistricts({ id_region: regionId }),
  });
}

export function useMyOrders() {
  const uid = useUid();
  return useQuery({ queryKey: orderKeys.mine(uid), queryFn: () => getOrders({}) });
}

/**
 * Finds one of the student's orders: in the list already loaded, else in the list asked again (an
 * order the page has not seen yet).
 */
export function useFindMyOrder() {
  const uid = useUid();
  const client = useQueryClient();
  return async (id_order: number): Promise<Order | undefined> => {
    const find = (orders: OrderListResponse | undefined) =>
      orders?.find((order) => order.id_order === id_order);
    return (
      find(client.getQueryData<OrderListResponse>(orderKeys.mine(uid))) ??
      find(await client.fetchQuery({ queryKey: orderKeys.mine(uid), queryFn: () => getOrders({}) }))
    );
  };
}

export function useQueue(body: QueueListBody) {
  const uid = useUid();
  return useQuery({ queryKey: orderKeys.queue(uid, body), queryFn: () => getQueue(body) });
}

/** Save, cancel, move and revoke reload every order list of the user (spec §4). */
function useOrderMutation<Body, Data>(call: (body: Body) => Promise<Data>) {
  const uid = useUid();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all(uid) }),
  });
}

export const useSaveOrder = () => useOrderMutation(saveOrder);
export const useCancelOrder = () => useOrderMutation(cancelOrder);
export const useMoveOrder = () => useOrderMutation(moveOrder);
export const useRevokeDocument = () => useOrderMutation(revokeDocument);
