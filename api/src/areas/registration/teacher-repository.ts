import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import { streamsWithNames } from './queries.js';
import type { Term } from './rules.js';

/** A teacher's streams and who registered for them. */
export function createTeacherStreamsRepository(db: Kysely<Database>) {
  return {
    /**
     * The teacher's streams of a semester (every teacher's for the registrar: `teacherId` null)
     * with their seats and the length of their waiting lists.
     */
    async teacherStreams(lng: Language, teacherId: number | null, term: Term) {
      let query = streamsWithNames(db)
        .select([
          'p.full_name as t_fio',
          (eb) =>
            eb
              .selectFrom('registration_waitlist as w')
              .select(sql<string | number>`count(*)`.as('n'))
              .whereRef('w.stream_id', '=', 'rs.id')
              .where('w.status', '=', 'waiting')
              .as('waiting'),
          'rs.id as subgroup',
          localized(lng, 'rs.name').as('name'),
          'rs.discipline_id as id_discipline',
          localized(lng, 'd.name').as('discipline'),
          'rs.lesson_type_id as id_vid_zaniatiy',
          localized(lng, 'lt.name').as('vid_zaniatiy'),
          'rs.capacity',
          'rs.taken',
        ])
        .where('rs.year_id', '=', term.yearId)
        .where('rs.ws_id', '=', term.ws)
        .orderBy(localized(lng, 'd.name'))
        .orderBy('lt.id')
        .orderBy(localized(lng, 'rs.name'));
      if (teacherId !== null) query = query.where('rs.teacher_id', '=', teacherId);
      return query.execute();
    },

    /** The students registered in a stream, by name. */
    async streamStudents(lng: Language, streamId: number) {
      return db
        .selectFrom('registration_members as rm')
        .innerJoin('students as s', 's.id', 'rm.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .select([
          's.id as id_student',
          'p.full_name as s_fio',
          'g.id as id_group',
          localized(lng, 'g.name').as('group'),
          'rm.created_at',
        ])
        .where('rm.stream_id', '=', streamId)
        .orderBy('p.full_name')
        .orderBy('s.id')
        .execute();
    },

    /** A stream's teacher and names (for a download's file name). */
    async streamNames(lng: Language, streamId: number) {
      const row = await streamsWithNames(db)
        .select([
          localized(lng, 'rs.name').as('name'),
          'rs.teacher_id',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'lt.name').as('lessonType'),
        ])
        .where('rs.id', '=', streamId)
        .executeTakeFirst();
      return row && { ...row, teacherId: row.teacher_id };
    },
  };
}
