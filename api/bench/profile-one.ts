// One hot row alone, for profiling and quick before/after comparisons (not part of `npm run bench`):
//   npx tsx bench/profile-one.ts enticate|profile|news|count
// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" writes the server's CPU profile;
// SCALE=small seeds faster (fine for enticate); BENCH_SECONDS sets the measured (and warm-up) time.
import { call, load, signIn } from './load.js';
import { startPortal } from './servers.js';

const which = process.argv[2] ?? 'enticate';
const portal = await startPortal({
  LMS_SEED_SCALE: process.env.SCALE ?? 'university',
  LMS_SEED_LIBRARY_BOOKS: '1000',
});
try {
  const teacher = await signIn(portal.base, 'teacher', 'Teacher1');
  const student = await signIn(portal.base, 'student', 'Student1');
  const person = (
    await call<{ user: { id: number } }>(portal.base, teacher, 'auth/enticate.json', {})
  ).user.id;
  const year = (
    await call<{ id_a_year: number }>(portal.base, teacher, 'discipline/current/year.json')
  ).id_a_year;
  const ws = (await call<{ ws: number }>(portal.base, teacher, 'discipline/current/ws.json')).ws;
  const targets = {
    enticate: { name: 'auth/enticate', path: '/lms/api/auth/enticate.json', session: teacher },
    profile: {
      name: 'profile/data',
      path: '/lms/api/profile/data.json',
      session: teacher,
      body: { uid: teacher.uid, role: teacher.role },
    },
    news: {
      name: 'news/data',
      path: '/lms/api/news/data.json',
      session: student,
      body: { page: 1 },
    },
    count: {
      name: 'chat/count',
      path: '/lms/api/chat/count.json',
      session: teacher,
      body: { year, ws, id_from: person, id_from_type: teacher.role },
    },
  } as const;
  const target = targets[which as keyof typeof targets];
  if (!target) throw new Error(`unknown row ${which}: ${Object.keys(targets).join(', ')}`);
  // Warm-up, so JIT and connection set-up do not count.
  await load(portal.base, { ...target, connections: 10 });
  console.log(await load(portal.base, { ...target, pid: portal.pid }));
} finally {
  await portal.stop();
}
