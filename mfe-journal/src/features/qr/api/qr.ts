import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  apiGet,
  http,
  postEndpoint,
  useSession,
  type QrBody,
  type QrManualMarkBody,
  type QrPayload,
  type QrStudentsBody,
  type QrStudentsResponse,
  type QrSwitchBody,
  type QrSwitchResponse,
  type QrTimeResponse,
  type QrVisitBody,
  type QrVisitResponse,
  type VisitSmsResponse,
} from '@lms/shared';

export const qrKeys = {
  lesson: (uid: number, idShed: number) => ['qr', uid, 'lesson', idShed] as const,
  list: (uid: number, idQr: number) => ['qr', uid, 'list', idQr] as const,
  time: ['qr', 'time'] as const,
};

/** POST /lms/api/schedule/qr.json {idShed}: today's QR of the lesson (a fresh token each call). */
export const getLessonQr = postEndpoint<QrBody, QrPayload>('/api/schedule/qr.json');
/** POST /lms/api/visitlog/getqrstudentslist.json {id_qr}: who has checked in. */
export const getQrStudents = postEndpoint<QrStudentsBody, QrStudentsResponse>(
  '/api/visitlog/getqrstudentslist.json',
);
/** POST /lms/api/schedule/qr/switch.json {id_qr, open}: QR check-in off or on. */
export const switchQr = postEndpoint<QrSwitchBody, QrSwitchResponse>(
  '/api/schedule/qr/switch.json',
);
/** POST /lms/api/schedule/qr/mark.json {id_qr, id_student, present}: a mark by hand. */
export const markByHand = postEndpoint<QrManualMarkBody, VisitSmsResponse>(
  '/api/schedule/qr/mark.json',
);
/** POST /lms/api/qr/student/visit.json: the student's check-in. */
export const postVisit = postEndpoint<QrVisitBody, QrVisitResponse>('/api/qr/student/visit.json');
/** GET /lms/api/qr/time.json: the server's clock. */
export const getServerTime = () => apiGet<QrTimeResponse>('/api/qr/time.json');

/** The server's clock minus this one's, so the countdown and the server agree. */
export function useServerOffset(): number {
  const time = useQuery({
    queryKey: qrKeys.time,
    queryFn: async () => {
      const sent = Date.now();
      const { now } = await getServerTime();
      return now - (sent + Date.now()) / 2;
    },
    staleTime: 60_000,
  });
  return time.data ?? 0;
}

/**
 * The lesson's QR, asked again when its token rotates (the server says when), so the code on
 * the projector is always the current one.
 */
export function useLessonQr(idShed: number, offsetMs: number) {
  const { user } = useSession();
  const qr = useQuery({
    queryKey: qrKeys.lesson(user?.uid ?? 0, idShed),
    queryFn: user ? () => getLessonQr({ idShed }) : skipToken,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      return Math.max(250, data.rotatesAt - (Date.now() + offsetMs) + 50);
    },
    refetchIntervalInBackground: true,
    retry: 1,
  });
  return qr;
}

/** The lesson's list, refreshed as check-ins arrive on the live stream (no reload). */
export function useCheckIns(idQr: number | undefined) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = qrKeys.list(user?.uid ?? 0, idQr ?? 0);
  const list = useQuery({
    queryKey: key,
    queryFn: idQr ? () => getQrStudents({ id_qr: idQr }) : skipToken,
    // While the stream is down, a slow poll still catches up.
    refetchInterval: 15_000,
  });
  useEffect(() => {
    if (!idQr || typeof EventSource === 'undefined') return;
    const base = http.defaults.baseURL ?? '/lms';
    const source = new EventSource(`${base}/api/schedule/qr/events?id_qr=${idQr}`, {
      withCredentials: true,
    });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
    source.addEventListener('visit', refresh);
    source.addEventListener('open', refresh);
    return () => source.close();
    // key is derived from idQr and the uid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idQr, user?.uid, queryClient]);
  return list;
}

export function useQrActions(idQr: number | undefined, idShed: number) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: qrKeys.list(user?.uid ?? 0, idQr ?? 0) }),
      queryClient.invalidateQueries({ queryKey: qrKeys.lesson(user?.uid ?? 0, idShed) }),
    ]);
  const toggle = useMutation({
    mutationFn: (open: boolean) => switchQr({ id_qr: idQr ?? 0, open }),
    onSuccess: refresh,
  });
  const mark = useMutation({
    mutationFn: (body: Omit<QrManualMarkBody, 'id_qr'>) =>
      markByHand({ ...body, id_qr: idQr ?? 0 }),
    onSuccess: refresh,
  });
  return { toggle, mark };
}
