import { LANGUAGES, ROLE, type Booking } from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Template } from '../../lib/messages.js';
import type { ChatNotices } from '../chat/index.js';
import type { ScheduleNotice, ScheduleNoticeBus } from './events.js';
import { ROOMS_NOTICES } from './messages.js';
import type { UniversityClock } from './time.js';

/** A group chat notice: one line per language (the chat keeps one text for all its readers). */
export function everyLanguage<P extends { date: string }>(template: Template<P>, params: P) {
  return LANGUAGES.map((lang) =>
    template[lang]({ ...params, date: formatterFor(lang).date(params.date) }),
  ).join('\n');
}

export interface NoticeDeps {
  chat: ChatNotices;
  bus: ScheduleNoticeBus;
  clock: UniversityClock;
  log: FastifyBaseLogger;
}

/**
 * Tells a group of a change to its timetable: a notice in the discipline's group chat (live in
 * the portal), written as the teacher, and the schedule notice its students' devices are pushed.
 * A failure is logged, never undoes the change already committed.
 */
export function groupNotices({ chat, bus, clock, log }: NoticeDeps) {
  return {
    async bookingCancelled(booking: Booking): Promise<void> {
      const slot = clock.slotAt(booking.date, booking.id_time);
      const room = `${booking.roomName} (${booking.building})`;
      const notice: ScheduleNotice = {
        kind: 'bookingCancelled',
        id: booking.id,
        groupId: booking.id_group,
        date: booking.date,
        start: booking.start,
        place: room,
      };
      await Promise.all([
        chat
          .notice(
            { role: ROLE.teacher, id: booking.id_teacher },
            {
              year: slot.yearId,
              ws: slot.ws,
              id_discipline: booking.id_discipline,
              id_group: booking.id_group,
            },
            everyLanguage(ROOMS_NOTICES.cancelled, { ...notice, room }),
          )
          .catch((error: unknown) => log.warn({ err: error }, 'cancellation not told in chat')),
        bus
          .publish(notice)
          .catch((error: unknown) => log.warn({ err: error }, 'schedule notice not published')),
      ]);
    },
  };
}

export type GroupNotices = ReturnType<typeof groupNotices>;
