// Library part of the benchmark: the book search over a large library (LMS_SEED_LIBRARY_BOOKS,
// 100,000 in `npm run bench`), by name and by author, plus the unfiltered first page.
// Target: search p95 ≤ 50 ms.
import { openDatabase } from '../src/db/database.js';
import { call, load, type Row, type Session } from './load.js';
import type { RunningServer } from './servers.js';

const SEARCHES = [
  { search: 'алгебра', mode: 1 },
  { search: 'PYTHON', mode: 1 },
  { search: 'сети', mode: 1 },
  { search: 'асанов', mode: 2 },
  { search: 'knuth', mode: 2 },
  { search: 'нет такой книги', mode: 1 },
];

/** Readers searching at the same moment. */
const SEARCH_CONNECTIONS = Number(process.env.BENCH_LIBRARY_CONNECTIONS ?? 10);

export async function benchLibrary(
  portal: RunningServer,
  student: Session,
  bare: (connections: number) => Promise<number>,
): Promise<Row[]> {
  const db = openDatabase({
    dataDir: portal.dataDir ?? '',
    databaseUrl: process.env.DATABASE_URL,
  }).kysely;
  try {
    const count = await db
      .selectFrom('ebooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`\nLibrary: ${Number(count.n)} books`);
  } finally {
    await db.destroy();
  }
  await call(portal.base, student, 'library/getbooklist.json', { id_bookCategory: -1 });
  let n = 0;
  const rows: Row[] = [];
  for (const connections of [1, SEARCH_CONNECTIONS]) {
    rows.push(
      await load(
        portal.base,
        {
          name: 'library/getbooklist (first page)',
          path: '/lms/api/library/getbooklist.json',
          session: student,
          body: { id_bookCategory: -1 },
          connections,
        },
        await bare(connections),
      ),
      await load(
        portal.base,
        {
          name: 'library/getbooklist (search)',
          path: '/lms/api/library/getbooklist.json',
          session: student,
          nextBody: () => ({ id_bookCategory: -1, ...SEARCHES[n++ % SEARCHES.length] }),
          connections,
        },
        await bare(connections),
      ),
    );
  }
  console.table(rows);
  return rows;
}
