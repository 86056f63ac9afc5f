// Self time per function (or per file) of a V8 CPU profile, e.g. one written by
// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" npx tsx bench/profile-one.ts news:
//   node bench/profile-summary.mjs DIR/CPU.….cpuprofile [fn|file] [rows]
// WINDOW=s keeps only the last s seconds before the final half second (the measured load, not
// the seed or the shutdown).
import { readFileSync } from 'node:fs';

const [file, mode = 'fn', rows = '40'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const times = [];
let clock = 0;
for (const delta of profile.timeDeltas) times.push((clock += delta));
const windowUs = Number(process.env.WINDOW ?? 0) * 1e6;
const selfTime = new Map();
let total = 0;
profile.samples.forEach((id, index) => {
  const at = times[index];
  if (windowUs && (at < clock - windowUs - 5e5 || at > clock - 5e5)) return;
  const delta = profile.timeDeltas[index] ?? 0;
  const frame = nodes.get(id).callFrame;
  const where = frame.url.replace(/.*node_modules\//, '').replace(/.*\/api\/dist\//, 'api/');
  const key =
    mode === 'file'
      ? where.split('/').slice(0, 3).join('/')
      : `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber}`;
  selfTime.set(key, (selfTime.get(key) ?? 0) + delta);
  total += delta;
});
for (const [key, time] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(rows))) {
  console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}`);
}
