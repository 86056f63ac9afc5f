import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import {
  apiGet,
  postEndpoint,
  useEventStream,
  useSession,
  type EmptyBody,
  type PasskeyCreationOptions,
  type PasskeyDeleteBody,
  type PasskeyListResponse,
  type PasskeyRegisterBody,
  type QrBody,
  type QrChallengeBody,
  type QrChallengeResponse,
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
  passkeys: (uid: number) => ['qr', uid, 'passkeys'] as const,
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
/** POST /lms/api/qr/student/challenge.json: the proof of presence for the passkey's challenge. */
export const getChallenge = postEndpoint<QrChallengeBody, QrChallengeResponse>(
  '/api/qr/student/challenge.json',
);
/** POST /lms/api/qr/passkeys/*: the student's registered phone. */
export const getPasskeyOptions = postEndpoint<EmptyBody, PasskeyCreationOptions>(
  '/api/qr/passkeys/options.json',
);
export const registerPasskey = postEndpoint<PasskeyRegisterBody, PasskeyListResponse>(
  '/api/qr/passkeys/register.json',
);
export const listPasskeys = postEndpoint<EmptyBody, PasskeyListResponse>(
  '/api/qr/passkeys/list.json',
);
export const deletePasskey = postEndpoint<PasskeyDeleteBody, VisitSmsResponse>(
  '/api/qr/passkeys/delete.json',
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
 * the projector is always the current one. Not asked while `enabled` is false (outside the
 * lesson's window): the last answer stays, its code no longer shown.
 */
export function useLessonQr(idShed: number, offsetMs: number, enabled: boolean) {
  const { user } = useSession();
  const qr = useQuery({
    queryKey: qrKeys.lesson(user?.uid ?? 0, idShed),
    queryFn: user && enabled ? () => getLessonQr({ idShed }) : skipToken,
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
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  useEventStream(
    `/api/schedule/qr/events?id_qr=${idQr}`,
    { events: { visit: refresh }, catchUp: refresh, catchUpOnFirstOpen: true },
    Boolean(idQr),
  );
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

/** A short name of this phone for the list, e.g. "Chrome · Android". */
export function deviceName(userAgent: string): string {
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  return [browser, system].filter(Boolean).join(' · ') || 'Phone';
}

/** The student's registered phone: the list, registering this one, removing it. */
export function usePhone() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = qrKeys.passkeys(user?.uid ?? 0);
  const list = useQuery({
    queryKey: key,
    queryFn: user ? () => listPasskeys({}) : skipToken,
  });
  const register = useMutation({
    mutationFn: async () => {
      // The contract's shape of the options is the WebAuthn JSON the library expects.
      const optionsJSON = (await getPasskeyOptions({})) as Parameters<
        typeof startRegistration
      >[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      return registerPasskey({
        response: response as PasskeyRegisterBody['response'],
        name: deviceName(navigator.userAgent),
      });
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deletePasskey({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  return { list, register, remove };
}
