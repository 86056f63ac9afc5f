import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  getEndpoint,
  MISC_API,
  PAYMENTS_API,
  postEndpoint,
  useSession,
  type GetGroupsBody,
  type Payment,
  type PaymentCodeBody,
} from '@lms/shared';

/** The services and their amounts (tyiyn). */
export const getServices = getEndpoint(PAYMENTS_API.services);
/** The academic years, newest first. */
export const getYears = getEndpoint(MISC_API.years);
/** The student's group in a year. */
export const getGroups = postEndpoint(PAYMENTS_API.groups);
/** The code, the amount due and the payment QR. */
export const getPaymentCode = postEndpoint(PAYMENTS_API.code);
/**
 * Starts (or, for the same key, finds) a card payment; while
 * another payment of the code is open at the provider, answers that one (`inProgress`).
 */
export const payByCard = postEndpoint(PAYMENTS_API.payByCard);
/** Cancels the student's payment open at the provider. */
export const cancelPayment = postEndpoint(PAYMENTS_API.cancel);
/** The student's payments, newest first. */
export const getPayments = postEndpoint(PAYMENTS_API.payments);
/** One of the student's payments. */
export const getPayment = postEndpoint(PAYMENTS_API.payment);
/** The receipt PDF (a link the browser opens). */
export const receiptUrl = (id: number) => apiUrl(PAYMENTS_API.receipt, { id_payment: id });

/** Query keys of the payments area, under the student's uid. */
export const paymentKeys = {
  all: (uid: number) => ['payments', uid] as const,
  services: (uid: number) => ['payments', uid, 'services'] as const,
  years: (uid: number) => ['payments', uid, 'years'] as const,
  groups: (uid: number, body?: GetGroupsBody) => ['payments', uid, 'groups', body ?? null] as const,
  code: (uid: number, body?: PaymentCodeBody) => ['payments', uid, 'code', body ?? null] as const,
  list: (uid: number) => ['payments', uid, 'list'] as const,
  one: (uid: number, id?: number) => ['payments', uid, 'one', id ?? null] as const,
};

/** Payments still waiting at the provider are asked again this often. */
export const WAITING_POLL_MS = 2000;
const isWaiting = (payment: Payment | undefined) =>
  payment?.status === 'created' || payment?.status === 'pending';

export function useServices() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: paymentKeys.services(uid), queryFn: () => getServices() });
}

export function useYears() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: paymentKeys.years(uid), queryFn: () => getYears() });
}

export function useGroups(body: GetGroupsBody | undefined) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: paymentKeys.groups(uid, body),
    queryFn: body ? () => getGroups(body) : skipToken,
  });
}

export function usePaymentCode(body: PaymentCodeBody | undefined) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: paymentKeys.code(uid, body),
    queryFn: body ? () => getPaymentCode(body) : skipToken,
  });
}

export function usePaymentHistory() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  return useQuery({
    queryKey: paymentKeys.list(uid),
    queryFn: user ? () => getPayments({ id_student: user.id }) : skipToken,
    refetchInterval: (query) => (query.state.data?.some(isWaiting) ? WAITING_POLL_MS : false),
  });
}

/** One payment (the return from the provider's page), asked again while it waits there. */
export function usePayment(id: number | null) {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  return useQuery({
    queryKey: paymentKeys.one(uid, id ?? undefined),
    queryFn:
      id === null
        ? skipToken
        : async () => {
            const payment = await getPayment({ id_payment: id });
            // A settled payment changes what is due and the history (not this query itself).
            if (!isWaiting(payment)) {
              void client.invalidateQueries({ queryKey: paymentKeys.list(uid) });
              void client.invalidateQueries({ queryKey: ['payments', uid, 'code'] });
            }
            return payment;
          },
    refetchInterval: (query) => (isWaiting(query.state.data) ? WAITING_POLL_MS : false),
  });
}

export function usePayByCard() {
  return useMutation({ mutationFn: payByCard });
}

/** Cancels an open payment; the code (what is open, what is due) and the history reload. */
export function useCancelPayment() {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all(uid) }),
  });
}
