// One hot row alone, for profiling and quick before/after comparisons (not part of `npm run bench`):
//   npx tsx bench/profile-one.ts enticate|profile|news|count
// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" writes the server's CPU profile;
// SCALE=small seeds faster (fine for enticate); BENCH_SECONDS sets the measured (and warm-up) time.
import { hotTargets, load, signIn } from './load.js';
import { startPortal } from './servers.js';

const which = process.argv[2] ?? 'enticate';
const portal = await startPortal({
  LMS_SEED_SCALE: process.env.SCALE ?? 'university',
  LMS_SEED_LIBRARY_BOOKS: '1000',
});
try {
  const teacher = await signIn(portal.base, 'teacher', 'Teacher1');
  const student = await signIn(portal.base, 'student', 'Student1');
  const targets = await hotTargets(portal.base, { teacher, student });
  const target = targets.find((candidate) => candidate.key === which);
  if (!target) throw new Error(`unknown row ${which}: ${targets.map((t) => t.key).join(', ')}`);
  // Warm-up, so JIT and connection set-up do not count.
  await load(portal.base, { ...target, connections: 10 });
  console.log(await load(portal.base, { ...target, pid: portal.pid }));
} finally {
  await portal.stop();
}
