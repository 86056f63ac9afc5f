import type { Webinar, WebinarState } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { localTime } from './clock.js';

// The online lessons teachers schedule (the webinars area writes them): as the schedule, its
// calendar feed and the webinars area show them.

/** How long before its start a webinar opens (the contract's WEBINAR_OPENS_BEFORE_MIN). */
const OPENS_BEFORE_MS = 15 * 60_000;

/** Webinars with their group, discipline and teacher (`w` is webinars). */
export const webinarRows = (lng: Language, db: Kysely<Database>) =>
  db
    .selectFrom('webinars as w')
    .innerJoin('groups as g', 'g.id', 'w.group_id')
    .innerJoin('disciplines as d', 'd.id', 'w.discipline_id')
    .innerJoin('teachers as t', 't.id', 'w.teacher_id')
    .innerJoin('persons as p', 'p.id', 't.person_id')
    .select([
      'w.id',
      'w.start_date as date',
      'w.start_time as start',
      'w.starts_at',
      'w.duration_min as duration',
      'w.group_id as id_group',
      localized(lng, 'g.name').as('group'),
      'w.discipline_id as id_discipline',
      localized(lng, 'd.name').as('discipline'),
      'w.teacher_id as id_teacher',
      'p.full_name as teacher',
      'w.meeting_key',
      'w.cancelled_at',
    ])
    .orderBy('w.starts_at')
    .orderBy('w.id');

export type WebinarRow = Awaited<ReturnType<ReturnType<typeof webinarRows>['execute']>>[number];

/** Where a webinar stands at `now` (epoch ms). */
export function webinarState(
  row: { starts_at: number; duration: number; cancelled_at: number | null },
  now: number,
): WebinarState {
  if (row.cancelled_at !== null) return 'cancelled';
  const startsAt = Number(row.starts_at);
  const endsAt = startsAt + Number(row.duration) * 60_000;
  if (now >= endsAt) return 'over';
  if (now >= startsAt - OPENS_BEFORE_MS) return 'open';
  return 'scheduled';
}

/** A webinar row in the contract's shape at `now`. */
export function webinarOf(row: WebinarRow, now: number, utcOffsetMinutes: number): Webinar {
  const startsAt = Number(row.starts_at);
  const duration = Number(row.duration);
  return {
    id: row.id,
    date: row.date,
    start: row.start,
    end: localTime(startsAt + duration * 60_000, utcOffsetMinutes),
    starts_at: startsAt,
    duration,
    id_group: row.id_group,
    group: row.group,
    id_discipline: row.id_discipline,
    discipline: row.discipline,
    id_teacher: row.id_teacher,
    teacher: row.teacher,
    cancelled: row.cancelled_at !== null,
    state: webinarState({ ...row, starts_at: startsAt, duration }, now),
  };
}
