// Starts the production API server from the build on a fresh data folder (SQLite, demo seed).
// Playwright's webServer runs it; it never builds anything (`npm test` builds before e2e).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = process.env.LMS_DATA_DIR;
if (!dataDir) throw new Error('LMS_DATA_DIR must name the e2e data folder');

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = { ...process.env, LMS_DATA_DIR: dataDir };
// CI exports DATABASE_URL for the API suite; the browser suite always uses its own SQLite file.
delete env.DATABASE_URL;

const server = spawn(process.execPath, [path.join(repoRoot, 'api', 'dist', 'server.js')], {
  cwd: repoRoot,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
