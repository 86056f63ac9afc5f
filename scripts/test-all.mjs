// `npm test`: every step, in order, stopping at the first that fails. Each step's time is printed
// as it ends and all of them at the end, so a slow or hanging step shows in the log of any run.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const STEPS = [
  ['install', process.execPath, ['scripts/ensure-install.mjs']],
  ['lint', npm, ['run', 'lint']],
  ['format', npm, ['run', 'format:check']],
  ['build', npm, ['run', 'build']],
  ['typecheck', npm, ['run', 'typecheck']],
  ['scaffold', npm, ['run', 'test:scaffold']],
  ['unit', npm, ['run', 'test:unit']],
  ['api', npm, ['run', 'test:api']],
  ['e2e', npm, ['run', 'test:e2e']],
];

/** 539,600 ms → '9m00s' (whole seconds first, so a step never reads '8m60s'). */
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
};
const done = [];
const started = Date.now();
let failed;
for (const [name, command, args] of STEPS) {
  const at = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const took = Date.now() - at;
  done.push(`${name.padEnd(10)} ${minutes(took)}${result.status === 0 ? '' : '  FAILED'}`);
  console.log(`\n[npm test] ${name}: ${minutes(took)}${result.status === 0 ? '' : ' (failed)'}\n`);
  if (result.status !== 0) {
    failed = name;
    break;
  }
}
console.log(
  `\n[npm test] steps:\n  ${done.join('\n  ')}\n  ${'total'.padEnd(10)} ${minutes(Date.now() - started)}`,
);
if (failed) {
  console.error(`[npm test] ${failed} failed`);
  process.exit(1);
}
