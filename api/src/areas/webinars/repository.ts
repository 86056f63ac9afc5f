import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { webinarRows } from '../schedule/index.js';

/** The longest webinar in ms (the contract's WEBINAR_DURATION_MAX minutes). */
const LONGEST_MS = 240 * 60_000;

/**
 * Webinars' SQL (rows as stored; schedule/webinars.ts makes the contract's shape). Built on the
 * app's handle (`app.repos.webinars`) and on a service's transaction.
 */
export function createWebinarsRepository(db: Kysely<Database>) {
  return {
    find(lng: Language, id: number) {
      return webinarRows(lng, db).where('w.id', '=', id).executeTakeFirst();
    },

    /** The teacher's webinars from `from` ('YYYY-MM-DD') on. */
    ofTeacher(lng: Language, teacherId: number, from: string) {
      return webinarRows(lng, db)
        .where('w.teacher_id', '=', teacherId)
        .where('w.start_date', '>=', from)
        .execute();
    },

    /** The group's webinars from `from` on. */
    ofGroup(lng: Language, groupId: number, from: string) {
      return webinarRows(lng, db)
        .where('w.group_id', '=', groupId)
        .where('w.start_date', '>=', from)
        .execute();
    },

    /** The webinars that hold (not cancelled) of a teacher or a group near a span. */
    holdingNear(who: { teacherId: number; groupId: number }, startsAt: number, endsAt: number) {
      return db
        .selectFrom('webinars')
        .select(['teacher_id', 'group_id', 'starts_at', 'duration_min'])
        .where('cancelled_at', 'is', null)
        .where('starts_at', '<', endsAt)
        .where('starts_at', '>', startsAt - LONGEST_MS)
        .where((eb) =>
          eb.or([eb('teacher_id', '=', who.teacherId), eb('group_id', '=', who.groupId)]),
        )
        .execute();
    },

    /** Records a join: the first time once, the latest every time (one statement). */
    async recordJoin(webinarId: number, userId: number, now: number): Promise<void> {
      await db
        .insertInto('webinar_attendance')
        .values({
          webinar_id: webinarId,
          user_id: userId,
          first_joined_at: now,
          last_joined_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['webinar_id', 'user_id']).doUpdateSet({ last_joined_at: now }),
        )
        .execute();
    },

    /** The students of the group (still in it) who joined the webinar, by id. */
    async joinedStudents(webinarId: number, groupId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('webinar_attendance as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .innerJoin('students as s', 's.id', 'u.student_id')
        .select('s.id')
        .where('a.webinar_id', '=', webinarId)
        .where('s.group_id', '=', groupId)
        .orderBy('s.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every lesson type's id (lecture, practice, laboratory, …). */
    async lessonTypeIds(): Promise<number[]> {
      const rows = await db.selectFrom('lesson_types').select('id').orderBy('id').execute();
      return rows.map((row) => row.id);
    },

    /** The group's students (by name) with when each joined the webinar (null: never). */
    async attendance(webinarId: number, groupId: number) {
      const rows = await db
        .selectFrom('students as s')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .leftJoin('users as u', 'u.student_id', 's.id')
        .leftJoin('webinar_attendance as a', (join) =>
          join.onRef('a.user_id', '=', 'u.id').on('a.webinar_id', '=', webinarId),
        )
        .select([
          's.id',
          'p.full_name as name',
          'a.first_joined_at as joined',
          'a.last_joined_at as last',
        ])
        .where('s.group_id', '=', groupId)
        .orderBy('p.full_name')
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        joined: row.joined === null ? null : Number(row.joined),
        last: row.last === null ? null : Number(row.last),
      }));
    },
  };
}

export type WebinarsRepository = ReturnType<typeof createWebinarsRepository>;
