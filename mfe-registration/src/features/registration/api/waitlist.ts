import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notify,
  postEndpoint,
  REGISTRATION_API,
  useEventStream,
  useSession,
  type RegStatusEvent,
  type WaitlistEvent,
  type WaitlistJoinBody,
} from '@lms/shared';
import { askAgainOnMount, type Term } from '../../../lib/term';
import { regKeys } from './registration';

/** POST …/waitlist/status.json: the student's waiting lists, holds and appointment. */
export const getWaitlistStatus = postEndpoint(REGISTRATION_API.waitlistStatus);
/** POST …/waitlist/join.json: join a full stream's waiting list. */
export const joinWaitlist = postEndpoint(REGISTRATION_API.waitlistJoin);
/** POST …/waitlist/leave.json {id} */
export const leaveWaitlist = postEndpoint(REGISTRATION_API.waitlistLeave);
/** POST …/waitlist/decline.json {id}: give back a seat a promotion gave. */
export const declineSeat = postEndpoint(REGISTRATION_API.waitlistDecline);

/** While the live stream is down (or missing), the student's lists are asked again this often. */
export const WAITLIST_POLL_MS = 15_000;

export function useWaitlistStatus(term: Term | undefined) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const body = user && term ? { ...term, uid } : undefined;
  return useQuery({
    queryKey: regKeys.part(uid, 'waitlist', body),
    queryFn: body ? () => getWaitlistStatus(body) : skipToken,
    // Positions move with other students: a page opened again asks again (not
    // right after the first screen brought them).
    refetchOnMount: askAgainOnMount,
  });
}

/** Joining, leaving and declining reload every registration query (lists, seats, credits). */
export function useWaitlistWrites() {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: regKeys.all(uid) });
  const done = (data: { sms: string }) => {
    notify(data.sms, 'success');
    return reload();
  };
  const join = useMutation({
    mutationFn: (body: WaitlistJoinBody) => joinWaitlist({ ...body, uid }),
    // The form says the place beside its button: a notification would only cover it.
    onSuccess: reload,
  });
  const leave = useMutation({
    mutationFn: (id: number) => leaveWaitlist({ id }),
    onSuccess: done,
  });
  const decline = useMutation({
    mutationFn: (id: number) => declineSeat({ id }),
    onSuccess: done,
  });
  return { join, leave, decline };
}

/** What the page hears live: a promotion or skip (`waitlist`), or another change (`status`). */
export type RegistrationLiveEvent =
  { name: 'waitlist'; event: WaitlistEvent } | { name: 'status'; event: RegStatusEvent };

/**
 * The registration area's live events (GET /lms/api/regfordisciplines/events): a promotion or a
 * skip (event `waitlist`), a hold set or lifted, the year's appointment set or removed, a waiting
 * list moved (event `status`) reload the student's registrations, lists, holds and appointment,
 * and `onEvent` hears them (the notifications). Without Server-Sent Events, or while the stream
 * is down, they are polled.
 */
export function useRegistrationEvents(onEvent: (live: RegistrationLiveEvent) => void): void {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const reload = () => void client.invalidateQueries({ queryKey: regKeys.all(uid) });
  useEventStream(
    REGISTRATION_API.events,
    {
      events: {
        waitlist: (event) => {
          reload();
          // A malformed event only reloads.
          if (event !== undefined) onEvent({ name: 'waitlist', event: event as WaitlistEvent });
        },
        status: (event) => {
          reload();
          if (event !== undefined) onEvent({ name: 'status', event: event as RegStatusEvent });
        },
      },
      catchUp: reload,
      pollMs: WAITLIST_POLL_MS,
    },
    uid > 0,
  );
}
