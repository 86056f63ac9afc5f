import { randomBytes } from 'node:crypto';
import {
  ROLE,
  type ScheduleWebinarBody,
  type SessionUser,
  type Webinar,
  type WebinarJoinResponse,
  type WebinarRecordingsResponse,
} from '@lms/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createAccessRepository, hiddenRecord } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type { ChatNotices } from '../chat/index.js';
import { createSlots, everyLanguage, SlotTaken, type UniversityClock } from '../rooms/index.js';
import { instantOf, semesterOf, webinarOf, type WebinarRow } from '../schedule/index.js';
import { bbbCalls, bbbSucceeded, parseRecordings, type BbbConfig } from './bbb.js';
import { WEBINAR_NOTICES, WEBINARS_MESSAGES } from './messages.js';
import type { Reminders } from './reminders.js';
import { createWebinarsRepository, type WebinarsRepository } from './repository.js';
import {
  cancelRefusal,
  joinRefusal,
  overlaps,
  parseLocalStart,
  scheduleRefusal,
  type JoinRefusal,
  type ScheduleRefusal,
} from './rules.js';

const SCHEDULE_STATUS: Record<ScheduleRefusal, 400 | 403 | 409> = {
  badStart: 400,
  past: 400,
  tooFar: 400,
  notTeaching: 403,
  teacherBusy: 409,
  groupBusy: 409,
};
const JOIN_STATUS: Record<JoinRefusal, 403 | 409> = {
  notYourGroup: 403,
  cancelled: 409,
  notYet: 409,
  over: 409,
  roomFull: 409,
};

export interface WebinarsServiceOptions {
  clock: UniversityClock;
  utcOffsetMinutes: number;
  bbb: BbbConfig | null;
  /** Where BigBlueButton sends a person who leaves (the portal's webinars screen). */
  publicOrigin: string;
  /** How the portal asks BigBlueButton (fetch; injectable for tests). */
  fetch: (url: string) => Promise<{ ok: boolean; text(): Promise<string> }>;
  /** Writes a notice in a group chat (the chat area's `chatNotices`). */
  chat: ChatNotices;
  /** The push reminders, looked at again after each change. */
  reminders: Pick<Reminders, 'wake'>;
  log: FastifyBaseLogger;
}

/**
 * Two webinars (or a webinar and a room booking) of one teacher or group written at once: the
 * slot holds' unique index refuses the second, which hears the rule's 409.
 */
function busy(error: unknown): never {
  if (error instanceof SlotTaken && error.holder !== 'room') {
    throw new ApiError(409, WEBINARS_MESSAGES[`${error.holder}Busy`]);
  }
  throw error;
}

/** Webinars' writes and the decisions around the call (who may enter, and where). */
export function createWebinarsService(
  db: Kysely<Database>,
  webinars: WebinarsRepository,
  options: WebinarsServiceOptions,
) {
  const { clock, utcOffsetMinutes, bbb } = options;
  const shape = (row: WebinarRow): Webinar => webinarOf(row, clock.now().instant, utcOffsetMinutes);

  /** The webinar the caller may see: the teacher's own, or their group's for a student. */
  async function visible(lng: Language, user: SessionUser, id: number) {
    const row = await webinars.find(lng, id);
    if (!row) throw hiddenRecord();
    return row;
  }

  /** Whether the caller belongs in the webinar: its teacher, or a student of its group. */
  async function member(user: SessionUser, row: WebinarRow): Promise<boolean> {
    if (user.role === ROLE.teacher) return row.id_teacher === user.id;
    if (user.role !== ROLE.student) return false;
    const placement = await createAccessRepository(db).placementOf(user.id);
    return placement?.groupId === row.id_group;
  }

  /** The group hears of a new online lesson in its group chat (a failure is only logged). */
  async function announce(teacherId: number, row: WebinarRow): Promise<void> {
    const semester = semesterOf(row.date);
    const text = everyLanguage(WEBINAR_NOTICES.scheduled, {
      date: row.date,
      start: row.start,
      duration: Number(row.duration),
    });
    await options.chat
      .notice(
        { role: ROLE.teacher, id: teacherId },
        {
          year: semester.yearId,
          ws: semester.ws,
          id_discipline: row.id_discipline,
          id_group: row.id_group,
        },
        text,
      )
      .catch((error: unknown) => options.log.warn({ err: error }, 'webinar not told in chat'));
  }

  return {
    shape,
    member,
    engine: (bbb ? 'bbb' : 'embedded') as 'bbb' | 'embedded',

    /** An online lesson for one of the teacher's groups. */
    async schedule(lng: Language, teacherId: number, body: ScheduleWebinarBody): Promise<Webinar> {
      const now = clock.now().instant;
      const start = parseLocalStart(body.start);
      const startsAt = start && instantOf(start.date, start.time, utcOffsetMinutes);
      const write = async (trx: Kysely<Database>) => {
        const inTransaction = createWebinarsRepository(trx);
        const slots = createSlots(trx);
        const semester = semesterOf(start?.date ?? '2000-01-01');
        const teaches =
          start !== null &&
          (await createAccessRepository(trx).teaches(teacherId, {
            disciplineId: body.id_discipline,
            groupId: body.id_group,
            yearId: semester.yearId,
            ws: semester.ws,
          }));
        const span = { startsAt: startsAt ?? 0, duration: body.duration };
        const near =
          startsAt === null
            ? []
            : await inTransaction.holdingNear(
                { teacherId, groupId: body.id_group },
                startsAt,
                startsAt + body.duration * 60_000,
              );
        const clashing = near.filter((row) =>
          overlaps(span, { startsAt: Number(row.starts_at), duration: Number(row.duration_min) }),
        );
        const refusal = scheduleRefusal({
          startsAt,
          now,
          teaches,
          teacherBusy: clashing.some((row) => row.teacher_id === teacherId),
          groupBusy: clashing.some((row) => row.group_id === body.id_group),
        });
        if (refusal) throw new ApiError(SCHEDULE_STATUS[refusal], WEBINARS_MESSAGES[refusal]);
        const holders = { teacher: teacherId, group: body.id_group };
        const claim = { holders, date: start!.date, time: start!.time, minutes: body.duration };
        return slots.book(
          'webinars',
          {
            teacher_id: teacherId,
            group_id: body.id_group,
            discipline_id: body.id_discipline,
            year_id: semester.yearId,
            ws_id: semester.ws,
            start_date: start!.date,
            start_time: start!.time,
            starts_at: startsAt!,
            duration_min: body.duration,
            meeting_key: randomBytes(18).toString('base64url'),
            created_at: now,
          },
          claim,
        );
      };
      const id = await db.transaction().execute(write).catch(busy);
      const row = await webinars.find(lng, id);
      if (!row) throw new ApiError(404, MESSAGES.notFound);
      await announce(teacherId, row);
      await options.reminders.wake();
      return shape(row);
    },

    /** The teacher's own webinar cancelled; the group's schedule shows it cancelled. */
    async cancel(lng: Language, teacherId: number, id: number): Promise<Webinar> {
      const now = clock.now().instant;
      await db.transaction().execute(async (trx) => {
        const inTransaction = createWebinarsRepository(trx);
        const row = await inTransaction.find(lng, id);
        if (!row || row.id_teacher !== teacherId) throw hiddenRecord();
        const refusal = cancelRefusal(shape(row).state);
        if (refusal) throw new ApiError(409, WEBINARS_MESSAGES[refusal]);
        if (!(await createSlots(trx).free('webinars', id, now))) {
          throw new ApiError(409, WEBINARS_MESSAGES.alreadyCancelled);
        }
      });
      const row = await webinars.find(lng, id);
      if (!row) throw new ApiError(404, MESSAGES.notFound);
      await options.reminders.wake();
      return shape(row);
    },

    /**
     * May the caller enter the webinar now? The row, or the refusal (a person who does not
     * belong hears the same as for a missing webinar only when it is not their group's).
     */
    async admit(lng: Language, user: SessionUser, id: number) {
      const row = await visible(lng, user, id);
      if (user.role === ROLE.teacher && row.id_teacher !== user.id) throw hiddenRecord();
      const refusal = joinRefusal({ member: await member(user, row), state: shape(row).state });
      if (refusal) throw new ApiError(JOIN_STATUS[refusal], WEBINARS_MESSAGES[refusal]);
      return row;
    },

    /**
     * The webinar's published recordings (its teacher, or a student of its group): asked of
     * BigBlueButton by the meeting's id; the embedded room has none.
     */
    async recordings(
      lng: Language,
      user: SessionUser,
      id: number,
    ): Promise<WebinarRecordingsResponse> {
      const row = await visible(lng, user, id);
      if (!(await member(user, row))) throw hiddenRecord();
      if (!bbb) return { engine: 'embedded', recordings: [] };
      const answer = await options
        .fetch(bbbCalls(bbb).getRecordings([row.meeting_key]))
        .then((response) => response.text())
        .catch(() => '');
      const recordings = parseRecordings(answer);
      if (!recordings) throw new ApiError(409, WEBINARS_MESSAGES.engineDown);
      return {
        engine: 'bbb',
        recordings: recordings
          .filter((r) => r.published && r.meetingId === row.meeting_key)
          .map((r) => ({
            id: r.recordId,
            start: r.startTime,
            end: r.endTime,
            participants: r.participants,
            playback: r.formats.map((f) => ({ type: f.type, url: f.url, length: f.lengthMin })),
          })),
      };
    },

    /** The caller enters: a student's join is recorded; BigBlueButton's address when it is used. */
    async join(lng: Language, user: SessionUser, id: number): Promise<WebinarJoinResponse> {
      const row = await this.admit(lng, user, id);
      const host = user.role === ROLE.teacher;
      let url: string | null = null;
      if (bbb) {
        const calls = bbbCalls(bbb);
        const created = await options
          .fetch(
            calls.create({
              id: row.meeting_key,
              name: `${row.discipline} — ${row.group}`,
              durationMin: Number(row.duration),
              logoutUrl: `${options.publicOrigin}/lms/webinars`,
            }),
          )
          .then((answer) => answer.text())
          .catch(() => '');
        if (!bbbSucceeded(created)) throw new ApiError(409, WEBINARS_MESSAGES.engineDown);
        url = calls.join(
          { id: row.meeting_key },
          { name: user.fullName, userId: user.uid, moderator: host },
        );
      }
      if (!host) await webinars.recordJoin(row.id, user.uid, clock.now().instant);
      return { webinar: shape(row), engine: bbb ? 'bbb' : 'embedded', url, me: user.uid, host };
    },
  };
}

export type WebinarsService = ReturnType<typeof createWebinarsService>;
