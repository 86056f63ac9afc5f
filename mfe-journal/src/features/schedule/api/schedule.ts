import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import {
  getEndpoint,
  apiUrl,
  postEndpoint,
  ROLE,
  SCHEDULE_API,
  SCHEDULE_DEFAULT_WS,
  useCurrentTerm,
  useSession,
  type CalendarBody,
  type QrTodayResponse,
  type ScheduleToday,
} from '@lms/shared';
import { needsFullRefresh, readStored, writeStored, type StoredSchedule } from '../storage';

export const scheduleKeys = {
  week: (uid: number, year: number, ws: number) => ['schedule', uid, 'week', year, ws] as const,
  qrToday: (uid: number) => ['schedule', uid, 'qrToday'] as const,
};

/** POST /lms/api/schedule/teacher.json {ws, year, id, version}: the teacher's week. */
export const getTeacherSchedule = postEndpoint(SCHEDULE_API.teacherWeek);
/** POST /lms/api/schedule/student.json {ws, year, id, version}: the student's week. */
export const getStudentSchedule = postEndpoint(SCHEDULE_API.studentWeek);
/** The private subscription address. */
export const getCalendarLink = postEndpoint(SCHEDULE_API.calendar);
/** The old subscription address stops working. */
export const revokeCalendarLink = postEndpoint(SCHEDULE_API.calendarRevoke);
/** The semester as an iCalendar file. */
export const calendarFileUrl = (year: number, ws: number) =>
  apiUrl(SCHEDULE_API.export, { year, ws });

/** The teacher's lessons of today and their QR windows. */
export const getQrToday = getEndpoint(SCHEDULE_API.qrToday);

/** Today's lessons with their windows, and the server's clock minus this device's. */
export type QrToday = QrTodayResponse & { offsetMs: number };

/**
 * The teacher's lessons of today and when each one's QR is shown (the server's clock and the
 * university's time zone). Asked again now and then: a screen left open overnight moves on to
 * the next day.
 */
export function useQrToday() {
  const { user } = useSession();
  const teacher = user?.role === ROLE.teacher;
  return useQuery({
    queryKey: scheduleKeys.qrToday(user?.uid ?? 0),
    queryFn: teacher
      ? async (): Promise<QrToday> => {
          const sent = Date.now();
          const today = await getQrToday();
          return { ...today, offsetMs: today.now - (sent + Date.now()) / 2 };
        }
      : skipToken,
    refetchInterval: 15 * 60_000,
    // Unanswered, the QR screen asks the server for the code itself (which says why it refuses).
    retry: 1,
  });
}

/** The week as shown: the stored copy, and today as the server last said (never kept). */
export type ShownSchedule = StoredSchedule & { today?: ScheduleToday };

/**
 * The week of the signed-in user: the stored copy at once (offline too), then the server's
 * answer to a version check (or a full download when the spec's weekly rule says so). Which day
 * is today, and which lessons take place today, come from the server's clock in the university's
 * time zone: a device in another zone or with a wrong clock shows the same day. The stored copy
 * alone (offline) marks no day as today.
 */
export function useWeek() {
  const { user } = useSession();
  const term = useCurrentTerm();
  const year = term.year.data?.id_a_year;
  const ws = term.ws.data?.ws ?? (term.ws.isError ? SCHEDULE_DEFAULT_WS : undefined);
  const ready = user && year !== undefined && ws !== undefined;
  const stored = ready ? readStored(user.uid, year, ws) : null;
  const week = useQuery({
    queryKey: scheduleKeys.week(user?.uid ?? 0, year ?? 0, ws ?? 0),
    initialData: (stored ?? undefined) as ShownSchedule | undefined,
    initialDataUpdatedAt: 0,
    queryFn: ready
      ? async (): Promise<ShownSchedule> => {
          const current = readStored(user.uid, year, ws);
          const full = needsFullRefresh(current, new Date());
          const body = {
            year,
            ws: ws as 1 | 2 | 3,
            id: user.id,
            ...(full || !current ? {} : { version: current.version }),
          };
          const answer =
            user.role === ROLE.teacher
              ? await getTeacherSchedule(body)
              : await getStudentSchedule(body);
          if (!answer.changed && current) return { ...current, today: answer.today };
          const next: StoredSchedule = {
            uid: user.uid,
            role: user.role,
            year,
            ws,
            date: Date.now(),
            version: answer.version,
            days: answer.days,
            bookings: answer.bookings ?? [],
            webinars: answer.webinars ?? [],
          };
          writeStored(next);
          return { ...next, today: answer.today };
        }
      : skipToken,
  });
  return { term, week, year, ws };
}

/** The subscription address: made (or shown again) on demand, revoked after a confirmation. */
export function useCalendarLink() {
  const link = useMutation({ mutationFn: (body: CalendarBody) => getCalendarLink(body) });
  const revoke = useMutation({
    mutationFn: () => revokeCalendarLink({}),
    onSuccess: () => link.reset(),
  });
  return { link, revoke, url: link.data?.url ?? null };
}
