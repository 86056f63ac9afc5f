// Journal part of the benchmark: the grid read of a 30-student × 60-lesson journal (the
// university-scale seed, LMS_SEED_SCALE=university: ~30,000 students) and a one-cell write.
import { openDatabase } from '../src/db/database.js';
import { BENCH_GROUP_NAME } from '../src/db/seed/journal.js';
import type { RunningServer } from './servers.js';
import { call, load, type Row, type Session } from './load.js';

/** Teachers opening a journal at the same moment: the latency target's load. */
const GRID_CONNECTIONS = Number(process.env.BENCH_JOURNAL_CONNECTIONS ?? 10);

export async function benchJournal(
  portal: RunningServer,
  teacher: Session,
  bare: (connections: number) => Promise<number>,
): Promise<Row[]> {
  // The ids of the benchmark journal, read from the database the server uses.
  const db = openDatabase({
    dataDir: portal.dataDir ?? '',
    databaseUrl: process.env.DATABASE_URL,
  }).kysely;
  try {
    const lesson = await db
      .selectFrom('journal_lessons as l')
      .innerJoin('groups as g', 'g.id', 'l.group_id')
      .select(['l.id', 'l.year_id', 'l.ws_id', 'l.discipline_id', 'l.group_id', 'l.lesson_type_id'])
      .where('g.name', '=', BENCH_GROUP_NAME)
      .orderBy('l.id')
      .executeTakeFirst();
    if (!lesson) {
      console.log('journal: no university-scale journal (an empty database is needed); skipped');
      return [];
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
    const key = {
      year: lesson.year_id,
      ws: lesson.ws_id,
      id_discipline: lesson.discipline_id,
      id_group: lesson.group_id,
      id_subgroup: null,
      id_vid_zaniatiy: lesson.lesson_type_id,
    };
    const grid = await call<{ lessons: unknown[]; rows: unknown[] }>(
      portal.base,
      teacher,
      'visitlog/getjournal.json',
      key,
    );
    console.log(
      `\nJournal: ${grid.rows.length} students × ${grid.lessons.length} lessons ` +
        `(${Number(count.n)} students in the database)`,
    );
    const marks = ['5', '4', '3', 'н/б', null];
    let n = 0;
    const rows: Row[] = [];
    for (const connections of [1, GRID_CONNECTIONS]) {
      rows.push(
        await load(
          portal.base,
          {
            name: 'visitlog/getjournal (30 × 60)',
            path: '/lms/api/visitlog/getjournal.json',
            session: teacher,
            body: key,
            connections,
          },
          await bare(connections),
        ),
      );
    }
    rows.push(
      await load(
        portal.base,
        {
          name: 'visitlog/studentvisitupdate',
          path: '/lms/api/visitlog/studentvisitupdate.json',
          session: teacher,
          connections: GRID_CONNECTIONS,
          nextBody: () => {
            n++;
            return {
              id_lesson: lesson.id,
              id_student: students[n % students.length]?.id,
              // Each pass over the group moves every student's mark on by one, so every write
              // changes a stored mark (and writes its audit row), whatever the group's size.
              otsenka: marks[(n + Math.floor(n / students.length)) % marks.length],
            };
          },
        },
        await bare(GRID_CONNECTIONS),
      ),
    );
    return rows;
  } finally {
    await db.destroy();
  }
}
