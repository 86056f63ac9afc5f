import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  postEndpoint,
  ROLE,
  useSession,
  WEBINARS_API,
  type ScheduleWebinarBody,
} from '@lms/shared';

export const getTeaching = postEndpoint(WEBINARS_API.teaching);
export const getWebinars = postEndpoint(WEBINARS_API.list);
export const scheduleWebinar = postEndpoint(WEBINARS_API.schedule);
export const cancelWebinar = postEndpoint(WEBINARS_API.cancel);
export const joinWebinar = postEndpoint(WEBINARS_API.join);
export const getAttendance = postEndpoint(WEBINARS_API.attendance);
export const markJournal = postEndpoint(WEBINARS_API.journal);
export const getRecordings = postEndpoint(WEBINARS_API.recordings);
export const sendSignal = postEndpoint(WEBINARS_API.signal);
export const raiseHand = postEndpoint(WEBINARS_API.hand);
export const sayInRoom = postEndpoint(WEBINARS_API.chat);

export const webinarKeys = {
  all: ['webinars'] as const,
  list: (uid: number) => ['webinars', 'list', uid] as const,
  teaching: (uid: number) => ['webinars', 'teaching', uid] as const,
  join: (id: number, uid: number) => ['webinars', 'join', id, uid] as const,
  attendance: (id: number) => ['webinars', 'attendance', id] as const,
  recordings: (id: number, uid: number) => ['webinars', 'recordings', id, uid] as const,
};

const useUid = () => useSession().user?.uid ?? 0;
const useTeacherUid = () => {
  const user = useSession().user;
  return user?.role === ROLE.teacher ? user.uid : 0;
};

/** The teacher's webinars, or the student's group's, from today on. */
export function useWebinars() {
  const uid = useUid();
  return useQuery({ queryKey: webinarKeys.list(uid), queryFn: () => getWebinars({}) });
}

/** The groups and disciplines the signed-in teacher teaches (none asked for others). */
export function useTeaching() {
  const uid = useTeacherUid();
  return useQuery({
    queryKey: webinarKeys.teaching(uid),
    queryFn: () => getTeaching({}),
    enabled: uid !== 0,
  });
}

export function useScheduleWebinar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleWebinarBody) => scheduleWebinar(body),
    onSettled: () => client.invalidateQueries({ queryKey: webinarKeys.all }),
  });
}

export function useCancelWebinar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelWebinar({ id }),
    onSettled: () => client.invalidateQueries({ queryKey: webinarKeys.all }),
  });
}

/** Entering a webinar (a student's join is recorded): asked once per opening of the room. */
export function useJoin(id: number) {
  const uid = useUid();
  return useQuery({
    queryKey: webinarKeys.join(id, uid),
    queryFn: () => joinWebinar({ id }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Who of the group joined (the teacher's), read again every few seconds while shown. */
export function useAttendance(id: number) {
  return useQuery({
    queryKey: webinarKeys.attendance(id),
    queryFn: () => getAttendance({ id }),
    refetchInterval: 5000,
  });
}

/** The teacher marks the students who joined as present in the journal (answers how many). */
export function useMarkJournal(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markJournal({ id }),
    onSettled: () => client.invalidateQueries({ queryKey: webinarKeys.attendance(id) }),
  });
}

/** A student raises (true) or lowers their hand in the embedded room. */
export function useRaiseHand(id: number) {
  return useMutation({ mutationFn: (raised: boolean) => raiseHand({ id, raised }) });
}

/** A message to the embedded room's chat (everyone hears it on the room's stream). */
export function useSay(id: number) {
  return useMutation({ mutationFn: (text: string) => sayInRoom({ id, text }) });
}

/** A webinar's published recordings (BigBlueButton's), asked once it is over. */
export function useRecordings(id: number) {
  const uid = useUid();
  return useQuery({
    queryKey: webinarKeys.recordings(id, uid),
    queryFn: () => getRecordings({ id }),
  });
}
