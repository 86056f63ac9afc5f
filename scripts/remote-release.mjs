#!/usr/bin/env node
// Ships a built remote without touching the shell or restarting the API:
//   node scripts/remote-release.mjs deploy <remote> [--version <label>] [--from <dist dir>]
//   node scripts/remote-release.mjs rollback <remote>
//   node scripts/remote-release.mjs status
// `deploy` copies the build into <LMS_DATA_DIR>/deploy/<remote>/<version>/ (served by the API at
// /lms/deploy/<remote>/<version>/) and points /lms/remotes.json at it; `rollback` points it back
// at the previous release. The registry file is replaced atomically, so readers never see half.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The one list of remotes (shared/src/contract/constants.ts), from the build a release needs anyway.
const constants = join(root, 'shared', 'dist', 'contract', 'constants.js');
if (!existsSync(constants)) fail('shared/dist is missing: run `npm run build` first.');
const { REMOTE_NAMES: REMOTES } = await import(pathToFileURL(constants).href);
const dataDir = resolve(process.env.LMS_DATA_DIR || join(root, 'data'));
const registryFile = join(dataDir, 'remotes.json');

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

function option(args, name) {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function writeJsonAtomically(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

function readRegistry() {
  if (!existsSync(registryFile)) {
    return Object.fromEntries(
      REMOTES.map((name) => [name, `/lms/public/${name}/mf-manifest.json`]),
    );
  }
  return JSON.parse(readFileSync(registryFile, 'utf8'));
}

function historyFile(remote) {
  return join(dataDir, 'deploy', remote, 'history.json');
}

function readHistory(remote) {
  const file = historyFile(remote);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

function deploy(remote, args) {
  const from = resolve(option(args, '--from') || join(root, `mfe-${remote}`, 'dist'));
  if (!existsSync(join(from, 'mf-manifest.json'))) {
    fail(`${from} has no mf-manifest.json: build it first (npm run build -w mfe-${remote})`);
  }
  const version = option(args, '--version') || new Date().toISOString().replace(/[-:T.Z]/g, '');
  // The API serves exactly these labels (api/src/routes/portal/deploy.ts); '.partial' is a copy
  // in progress.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(version) || version.endsWith('.partial')) {
    fail(
      `invalid version label "${version}" (letters, digits, . _ -; starting with a letter or digit)`,
    );
  }
  const target = join(dataDir, 'deploy', remote, version);
  if (existsSync(target))
    fail(`${remote} ${version} is already deployed; choose another --version`);

  // Copy first, publish second: the registry never points at a half-copied folder.
  mkdirSync(dirname(target), { recursive: true });
  cpSync(from, `${target}.partial`, { recursive: true });
  renameSync(`${target}.partial`, target);

  const registry = readRegistry();
  const history = readHistory(remote);
  history.push({ version, previous: registry[remote] ?? null, at: new Date().toISOString() });
  registry[remote] = `/lms/deploy/${remote}/${version}/mf-manifest.json`;
  writeJsonAtomically(historyFile(remote), history);
  writeJsonAtomically(registryFile, registry);
  console.log(`${remote} ${version} is live: ${registry[remote]}`);
}

function rollback(remote) {
  const history = readHistory(remote);
  const last = history.pop();
  if (!last) fail(`${remote} has no deployment to roll back`);
  const registry = readRegistry();
  if (last.previous) registry[remote] = last.previous;
  else delete registry[remote];
  writeJsonAtomically(historyFile(remote), history);
  writeJsonAtomically(registryFile, registry);
  console.log(`${remote} rolled back from ${last.version} to ${last.previous ?? '(none)'}`);
}

const [command, remote, ...rest] = process.argv.slice(2);
if (command === 'status') {
  console.log(JSON.stringify(readRegistry(), null, 2));
} else if (command === 'deploy' || command === 'rollback') {
  if (!REMOTES.includes(remote)) fail(`unknown remote "${remote}" (one of ${REMOTES.join(', ')})`);
  if (command === 'deploy') deploy(remote, rest);
  else rollback(remote);
} else {
  fail(
    'usage: remote-release.mjs deploy <remote> [--version v] [--from dir] | rollback <remote> | status',
  );
}
