// Library part of the benchmark: the book search over a large library (LMS_SEED_LIBRARY_BOOKS,
// 100,000 by default in `npm run bench`), by name and by author, plus the unfiltered first page.
// Target: search p95 ≤ 50 ms.
import type { FastifyInstance } from 'fastify';

interface BenchSession {
  cookie: string;
  xsrf: string;
}

type Measure = (
  name: string,
  call: () => Promise<Response>,
) => Promise<Record<string, string | number>>;

const SEARCHES = [
  { search: 'алгебра', mode: 1 },
  { search: 'PYTHON', mode: 1 },
  { search: 'сети', mode: 1 },
  { search: 'асанов', mode: 2 },
  { search: 'knuth', mode: 2 },
  { search: 'нет такой книги', mode: 1 },
];

export async function benchLibrary(
  app: FastifyInstance,
  base: string,
  student: BenchSession,
  measure: Measure,
): Promise<void> {
  const count = await app.db.kysely
    .selectFrom('ebooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const post = (body: unknown) =>
    fetch(`${base}/lms/api/library/getbooklist.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: student.cookie,
        'x-xsrf-token': student.xsrf,
      },
      body: JSON.stringify(body),
    });
  console.log(`Library: ${Number(count.n)} books`);
  let n = 0;
  const search = () => {
    const query = SEARCHES[n++ % SEARCHES.length];
    return post({ id_bookCategory: -1, ...query });
  };
  console.table([
    await measure('library/getbooklist.json (first page)', () => post({ id_bookCategory: -1 })),
    await measure('library/getbooklist.json (search)', search),
  ]);
}
