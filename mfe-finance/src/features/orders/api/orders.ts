import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  postEndpoint,
  useSession,
  type DistrictListBody,
  type DocumentRevokeBody,
  type DocumentRevokeResponse,
  type DistrictListResponse,
  type DocListResponse,
  type EmptyBody,
  type NaznachenieListResponse,
  type Order,
  type OrderCancelBody,
  type OrderCancelResponse,
  type OrderListResponse,
  type OrderSaveBody,
  type QueueListBody,
  type QueueListResponse,
  type QueueMoveBody,
  type QueueOrder,
  type RegionListResponse,
} from '@lms/shared';

/** POST /lms/api/singlewindow/doc/list.json: the documents a student may order. */
export const getDocuments = postEndpoint<EmptyBody, DocListResponse>(
  '/api/singlewindow/doc/list.json',
);
/** POST /lms/api/singlewindow/region/list.json */
export const getRegions = postEndpoint<EmptyBody, RegionListResponse>(
  '/api/singlewindow/region/list.json',
);
/** POST /lms/api/singlewindow/district/list.json {id_region} */
export const getDistricts = postEndpoint<DistrictListBody, DistrictListResponse>(
  '/api/singlewindow/district/list.json',
);
/** POST /lms/api/singlewindow/naznachenie/list.json: purposes. */
export const getPurposes = postEndpoint<EmptyBody, NaznachenieListResponse>(
  '/api/singlewindow/naznachenie/list.json',
);
/** POST /lms/api/singlewindow/order/list.json: the student's orders, newest first. */
export const getOrders = postEndpoint<EmptyBody, OrderListResponse>(
  '/api/singlewindow/order/list.json',
);
/** POST /lms/api/singlewindow/order/save.json */
export const saveOrder = postEndpoint<OrderSaveBody, Order>('/api/singlewindow/order/save.json');
/** POST /lms/api/singlewindow/order/cancel.json: only while waiting. */
export const cancelOrder = postEndpoint<OrderCancelBody, OrderCancelResponse>(
  '/api/singlewindow/order/cancel.json',
);
/** POST /lms/api/singlewindow/queue/list.json: the registrar's queue. */
export const getQueue = postEndpoint<QueueListBody, QueueListResponse>(
  '/api/singlewindow/queue/list.json',
);
/** POST /lms/api/singlewindow/queue/move.json: one step forward, with a comment. */
export const moveOrder = postEndpoint<QueueMoveBody, QueueOrder>(
  '/api/singlewindow/queue/move.json',
);
/** POST /lms/api/singlewindow/document/revoke.json: the registrar withdraws an issued document. */
export const revokeDocument = postEndpoint<DocumentRevokeBody, DocumentRevokeResponse>(
  '/api/singlewindow/document/revoke.json',
);
/** GET /lms/api/singlewindow/order/document.file?id_order=N: the issued PDF (a link). */
export const documentUrl = (id: number) =>
  apiUrl('/api/singlewindow/order/document.file', { id_order: id });

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
