// Installs dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone. Uses `npm install` with the committed lockfile (see docs).
// The committed lockfile must be exactly what a fresh install produces: when the install changes
// it, CI (the CI variable set, as .ci/run does) fails, and anywhere else a warning says so.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'node_modules', '.install-stamp');
const inputs = ['package.json', 'package-lock.json'].map((f) => join(root, f));
const digest = createHash('sha256');
for (const file of inputs) if (existsSync(file)) digest.update(readFileSync(file));
/** The workspace folders; a pattern such as 'mfe-*' names every folder with that prefix. */
function workspaceFolders(patterns) {
  return patterns.flatMap((pattern) =>
    pattern.endsWith('*')
      ? readdirSync(root)
          .filter((name) => name.startsWith(pattern.slice(0, -1)))
          .filter((name) => existsSync(join(root, name, 'package.json')))
          .sort()
      : [pattern],
  );
}
const workspaces = workspaceFolders(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces,
);
for (const ws of workspaces) digest.update(readFileSync(join(root, ws, 'package.json')));
const wanted = digest.digest('hex');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (current !== wanted) {
  console.log('Installing dependencies (npm install)...');
  const lockFile = join(root, 'package-lock.json');
  const lockBefore = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  const lockAfter = readFileSync(lockFile, 'utf8');
  if (lockAfter !== lockBefore) {
    const lines = (text) => text.split('\n').length;
    console.error(
      `npm install changed package-lock.json (${lines(lockBefore)} → ${lines(lockAfter)} lines): ` +
        'the committed lockfile is not what an install produces. Commit the installed one.',
    );
    if (process.env.CI) process.exit(1);
  }
  // The stamp covers the lockfile as installed, so an unchanged tree is not installed again.
  const installed = createHash('sha256');
  for (const file of inputs) if (existsSync(file)) installed.update(readFileSync(file));
  for (const ws of workspaces) installed.update(readFileSync(join(root, ws, 'package.json')));
  writeFileSync(stampFile, installed.digest('hex'));
}
