import type { Kysely } from 'kysely';
import { lessonGivenTo, type LessonColumns } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { StudentPlace, Term } from './rules.js';

// The query builders the registration repositories share (SQL only).

/**
 * Streams (`rs`) with their teacher (`t`, person `p`), lesson type (`lt`) and discipline (`d`),
 * as a query to narrow and select from.
 */
export function streamsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('registration_streams as rs')
    .innerJoin('teachers as t', 't.id', 'rs.teacher_id')
    .innerJoin('persons as p', 'p.id', 't.person_id')
    .innerJoin('lesson_types as lt', 'lt.id', 'rs.lesson_type_id')
    .innerJoin('disciplines as d', 'd.id', 'rs.discipline_id');
}

/**
 * The lesson a stream (`rs`) is of: its teacher, discipline, lesson type and semester. Naming a
 * stream's columns stays here, as a stream is registration's own table; whom a lesson is given to
 * is the access module's question (`lessonGivenTo`).
 */
const STREAM_LESSON: LessonColumns = {
  teacherId: 'rs.teacher_id',
  disciplineId: 'rs.discipline_id',
  lessonTypeId: 'rs.lesson_type_id',
  yearId: 'rs.year_id',
  ws: 'rs.ws_id',
};

/** The stream (`rs`) is offered to the student: its teacher gives that lesson type to them. */
export function offeredTo(student: StudentPlace) {
  return lessonGivenTo(student, STREAM_LESSON);
}

/** The streams of a discipline offered to the student in a semester, with their names. */
export function offeredStreams(
  db: Kysely<Database>,
  student: StudentPlace,
  term: Term,
  disciplineId: number,
) {
  return streamsWithNames(db)
    .where('rs.discipline_id', '=', disciplineId)
    .where('rs.year_id', '=', term.yearId)
    .where('rs.ws_id', '=', term.ws)
    .where(offeredTo(student));
}

/** The plan of the student's group for a semester, with the student's registration of each. */
export function planQuery(db: Kysely<Database>, lng: Language, student: StudentPlace, term: Term) {
  return db
    .selectFrom('study_plan as sp')
    .innerJoin('disciplines as d', 'd.id', 'sp.discipline_id')
    .innerJoin('control_forms as cf', 'cf.id', 'sp.control_form_id')
    .leftJoin('discipline_registrations as r', (join) =>
      join
        .onRef('r.discipline_id', '=', 'sp.discipline_id')
        .on('r.student_id', '=', student.studentId)
        .on('r.year_id', '=', term.yearId)
        .on('r.ws_id', '=', term.ws),
    )
    .select([
      'sp.discipline_id as id_discipline',
      localized(lng, 'd.name').as('discipline'),
      'sp.credits as kredits',
      'sp.control_form_id as id_examination',
      localized(lng, 'cf.name').as('examination'),
      'sp.is_elective',
      'r.id as id_disciplineForStudent',
    ])
    .where('sp.group_id', '=', student.groupId)
    .where('sp.year_id', '=', term.yearId)
    .where('sp.ws_id', '=', term.ws)
    .orderBy(localized(lng, 'd.name'));
}
