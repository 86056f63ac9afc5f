import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import {
  getEndpoint,
  pathWithQuery,
  postEndpoint,
  SCHEDULE_API,
  useEventStream,
  useSession,
  type PasskeyRegisterBody,
  type QrManualMarkBody,
} from '@lms/shared';
import { nextQrAskMs } from '../scan';

export const qrKeys = {
  lesson: (uid: number, idShed: number) => ['qr', uid, 'lesson', idShed] as const,
  list: (uid: number, idQr: number) => ['qr', uid, 'list', idQr] as const,
  time: ['qr', 'time'] as const,
  passkeys: (uid: number) => ['qr', uid, 'passkeys'] as const,
};

/** POST /lms/api/schedule/qr.json {idShed}: today's QR of the lesson (a fresh token each call). */
export const getLessonQr = postEndpoint(SCHEDULE_API.qr);
/** POST /lms/api/visitlog/getqrstudentslist.json {id_qr}: who has checked in. */
export const getQrStudents = postEndpoint(SCHEDULE_API.qrStudents);
/** POST /lms/api/schedule/qr/switch.json {id_qr, open}: QR check-in off or on. */
export const switchQr = postEndpoint(SCHEDULE_API.qrSwitch);
/** POST /lms/api/schedule/qr/mark.json {id_qr, id_student, present}: a mark by hand. */
export const markByHand = postEndpoint(SCHEDULE_API.qrMark);
/** The proof of presence for the passkey's challenge. */
export const getChallenge = postEndpoint(SCHEDULE_API.qrChallenge);
/** The student's registered phone. */
export const getPasskeyOptions = postEndpoint(SCHEDULE_API.passkeyOptions);
export const registerPasskey = postEndpoint(SCHEDULE_API.passkeyRegister);
export const listPasskeys = postEndpoint(SCHEDULE_API.passkeys);
export const deletePasskey = postEndpoint(SCHEDULE_API.passkeyDelete);
/** The student's check-in. */
export const postVisit = postEndpoint(SCHEDULE_API.qrVisit);
/** The server's clock. */
const serverTime = getEndpoint(SCHEDULE_API.qrTime);
export const getServerTime = () => serverTime();

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
export function useLessonQr(idShed: number, enabled: boolean) {
  const { user } = useSession();
  const qr = useQuery({
    queryKey: qrKeys.lesson(user?.uid ?? 0, idShed),
    queryFn: user && enabled ? () => getLessonQr({ idShed }) : skipToken,
    refetchInterval: (query) => (query.state.data ? nextQrAskMs(query.state.data) : false),
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
    pathWithQuery(SCHEDULE_API.qrEvents, { id_qr: idQr ?? 0 }),
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
