// Installs dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work on a fresh clone. Uses `npm install` with the committed lockfile (see docs).
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
for (const ws of workspaceFolders(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces,
)) {
  digest.update(readFileSync(join(root, ws, 'package.json')));
}
const wanted = digest.digest('hex');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (current !== wanted) {
  console.log('Installing dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stampFile, wanted);
}
