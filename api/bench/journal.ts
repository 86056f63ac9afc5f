// Journal part of the benchmark: the grid read of a 30-student × 60-lesson journal (the
// university-scale seed, LMS_SEED_SCALE=university: ~30,000 students) and a one-cell write.
import type { FastifyInstance } from 'fastify';
import { BENCH_GROUP_NAME } from '../src/db/seed/journal.js';

interface BenchSession {
  cookie: string;
  xsrf: string;
}

type Measure = (
  name: string,
  call: () => Promise<Response>,
) => Promise<Record<string, string | number>>;

export async function benchJournal(
  app: FastifyInstance,
  base: string,
  teacher: BenchSession,
  measure: Measure,
): Promise<void> {
  const db = app.db.kysely;
  const lesson = await db
    .selectFrom('journal_lessons as l')
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .select(['l.id', 'l.year_id', 'l.ws_id', 'l.discipline_id', 'l.group_id', 'l.lesson_type_id'])
    .where('g.name', '=', BENCH_GROUP_NAME)
    .orderBy('l.id')
    .executeTakeFirst();
  if (!lesson) {
    console.log(
      'journal: no university-scale journal (seed with LMS_SEED_SCALE=university); skipped',
    );
    return;
  }
  const students = await db
    .selectFrom('students')
    .select('id')
    .where('group_id', '=', lesson.group_id)
    .orderBy('id')
    .execute();
  const count = await db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const post = (path: string, body: unknown) => () =>
    fetch(`${base}/lms/api/visitlog/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: teacher.cookie,
        'x-xsrf-token': teacher.xsrf,
      },
      body: JSON.stringify(body),
    });
  const key = {
    year: lesson.year_id,
    ws: lesson.ws_id,
    id_discipline: lesson.discipline_id,
    id_group: lesson.group_id,
    id_subgroup: null,
    id_vid_zaniatiy: lesson.lesson_type_id,
  };
  const grid = (await (await post('getjournal.json', key)()).json()) as {
    data: { lessons: unknown[]; rows: unknown[] };
  };
  console.log(
    `Journal: ${grid.data.rows.length} students × ${grid.data.lessons.length} lessons ` +
      `(${Number(count.n)} students in the database)`,
  );
  const marks = ['5', '4', '3', 'н/б', null];
  let n = 0;
  const write = () => {
    n++;
    return post('studentvisitupdate.json', {
      id_lesson: lesson.id,
      id_student: students[n % students.length]?.id,
      otsenka: marks[n % marks.length],
    })();
  };
  console.table([
    await measure('visitlog/getjournal.json (30 × 60)', post('getjournal.json', key)),
    await measure('visitlog/studentvisitupdate.json', write),
  ]);
}
