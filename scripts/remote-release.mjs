#!/usr/bin/env node
// Ships a built remote without touching the shell or restarting the API:
//   node scripts/remote-release.mjs deploy <remote> [--version <label>] [--from <dist dir>] [--candidate]
//                                   [--canary <percent> | --faculty <code>]
//   node scripts/remote-release.mjs promote <remote>      the candidate becomes everyone's
//   node scripts/remote-release.mjs drop <remote>         the candidate is discarded
//   node scripts/remote-release.mjs preview-link <remote> [--hours 24] [--origin https://…]
//   node scripts/remote-release.mjs rollback <remote>
//   node scripts/remote-release.mjs status [<remote>] [--hours 24] [--json]
//   node scripts/remote-release.mjs status <remote> --watch [--margin 5] [--min-reports 20]
//        each release's failure rate and p75 load time in browsers (the shell's reports); with
//        --watch, exits 2 when the candidate fails more than the live release by the margin
// `deploy` checks that the portal's shell can run the build (its shared react, react-dom,
// react-router-dom and @lms/shared), copies it into <LMS_DATA_DIR>/deploy/<remote>/<version>/
// (served by the API at /lms/deploy/<remote>/<version>/) and points /lms/remotes.json at it,
// with the modules the build describes in its module.json. With --candidate only browsers that
// opened the signed preview link get it; with --canary 10 also 10 % of signed-in users (sticky
// per user), with --faculty FIT the people of that faculty (promote, drop, rollback as for any
// candidate). The registry is replaced atomically.
import { createHmac, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contract = join(root, 'shared', 'dist', 'contract', 'index.js');
if (!existsSync(contract)) fail('shared/dist is missing: run `npm run build` first.');
const { FEDERATION_RUNTIME, ModuleDescription, manifestRequirements, sharedMismatches } =
  await import(pathToFileURL(contract).href);
const { Value } = createRequire(import.meta.url)('@sinclair/typebox/value');
const dataDir = resolve(process.env.LMS_DATA_DIR || join(root, 'data'));
const registryFile = join(dataDir, 'remotes.json');
/** Written by the shell's build (tools/webpack): the versions of what it shares with remotes. */
const shellShared = resolve(
  process.env.LMS_SHELL_DIST || join(root, 'shell', 'dist'),
  'shared-versions.json',
);

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const RELEASE_LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

function option(args, name) {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

function readJson(file, what) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`${what} (${file}) cannot be read: ${error.message}`);
  }
}

function writeJsonAtomically(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

function readRegistry() {
  if (!existsSync(registryFile)) {
    fail(`${registryFile} does not exist: start the API once with this LMS_DATA_DIR`);
  }
  return readJson(registryFile, 'the registry');
}

/** An entry in the object form ({ manifest, version, modules, candidate }); plain URLs too. */
function entryOf(registry, remote) {
  const value = registry[remote];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? { manifest: value } : { ...value };
}

function historyFile(remote) {
  return join(dataDir, 'deploy', remote, 'history.json');
}

function readHistory(remote) {
  const file = historyFile(remote);
  return existsSync(file) ? readJson(file, 'the release history') : [];
}

function releaseDir(remote, version) {
  return join(dataDir, 'deploy', remote, version);
}

/** The modules a build describes (module.json beside its mf-manifest.json), checked. */
function modulesOf(from) {
  const file = join(from, 'module.json');
  if (!existsSync(file)) return undefined;
  const description = readJson(file, 'the module description');
  const modules = Array.isArray(description?.modules) ? description.modules : null;
  if (!modules) fail(`${file}: expected { "modules": [ … ] }`);
  modules.forEach((module, index) => {
    if (!Value.Check(ModuleDescription, module)) {
      const error = Value.Errors(ModuleDescription, module).First();
      fail(`${file}: modules[${index}]${error?.path ?? ''} ${error?.message ?? 'is invalid'}`);
    }
  });
  return modules;
}

/** What a package is, beside its name in a refusal. */
const PACKAGE_NOTES = {
  '@lms/shared': ' (the kit)',
  [FEDERATION_RUNTIME]: ' (the federation runtime: the build takes the shell’s)',
};

/** Refuses a build whose shared requirements the portal's shell cannot satisfy. */
function checkCompatibility(remote, from) {
  if (!existsSync(shellShared)) {
    fail(`${shellShared} is missing: build the shell first (npm run build -w shell)`);
  }
  const provided = readJson(shellShared, "the shell's shared versions");
  const manifest = readJson(join(from, 'mf-manifest.json'), 'the build manifest');
  const mismatches = sharedMismatches(provided, manifestRequirements(manifest));
  if (mismatches.length === 0) return;
  const lines = mismatches.map(
    ({ name, required, provided: have }) =>
      `  ${name}${PACKAGE_NOTES[name] ?? ''}: the build needs ${required}, the portal's shell ${have ? `has ${have}` : 'does not share it'}`,
  );
  fail(`${remote} cannot run in this portal; it was not deployed:\n${lines.join('\n')}`);
}

function secret() {
  if (process.env.LMS_PREVIEW_SECRET) return process.env.LMS_PREVIEW_SECRET;
  const file = join(dataDir, 'preview-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const made = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

/** The same token as api/src/areas/portal/remote-registry.ts signPreview. */
function previewToken(remote, version, hours) {
  const expires = Date.now() + hours * 60 * 60 * 1000;
  const payload = Buffer.from(JSON.stringify({ r: remote, v: version, e: expires })).toString(
    'base64url',
  );
  const mac = createHmac('sha256', secret()).update(`lms-preview.${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

function previewLink(remote, args) {
  const entry = entryOf(readRegistry(), remote);
  if (!entry?.candidate?.version) fail(`${remote} has no candidate release`);
  const hours = Number(option(args, '--hours') ?? 24);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) fail('--hours: 0 < hours ≤ 720');
  const origin = (option(args, '--origin') || process.env.LMS_PORTAL_URL || '').replace(/\/$/, '');
  const token = previewToken(remote, entry.candidate.version, hours);
  return `${origin}/lms/preview?token=${token}`;
}

/** The canary rollout of `--canary <percent>` or `--faculty <code>`, if either is given. */
function rolloutOf(args) {
  const percent = option(args, '--canary');
  const faculty = option(args, '--faculty');
  if (percent !== undefined && faculty !== undefined)
    fail('--canary and --faculty: one or the other');
  if (percent !== undefined) {
    const share = Number(percent);
    if (!Number.isFinite(share) || share <= 0 || share > 100)
      fail('--canary: a percent, 0 < p ≤ 100');
    return { percent: share };
  }
  if (faculty !== undefined) {
    if (!/^\S{1,40}$/u.test(faculty)) fail('--faculty: a faculty code such as FIT');
    return { faculty };
  }
  return undefined;
}

function describeRollout(rollout) {
  return 'percent' in rollout
    ? `${rollout.percent} % of signed-in users`
    : `the people of faculty ${rollout.faculty}`;
}

function deploy(remote, args) {
  const from = resolve(option(args, '--from') || join(root, `mfe-${remote}`, 'dist'));
  if (!existsSync(join(from, 'mf-manifest.json'))) {
    fail(`${from} has no mf-manifest.json: build it first (npm run build -w mfe-${remote})`);
  }
  const rollout = rolloutOf(args);
  const candidate = args.includes('--candidate') || rollout !== undefined;
  const version = option(args, '--version') || new Date().toISOString().replace(/[-:T.Z]/g, '');
  // The API serves exactly these labels (api/src/areas/portal/deploy-routes.ts); '.partial' is a copy
  // in progress.
  if (!RELEASE_LABEL.test(version) || version.endsWith('.partial')) {
    fail(
      `invalid version label "${version}" (letters, digits, . _ -; starting with a letter or digit)`,
    );
  }
  checkCompatibility(remote, from);
  const registry = readRegistry();
  const current = entryOf(registry, remote);
  const modules = modulesOf(from) ?? current?.modules;
  if (!current && !modules) {
    fail(`${remote} is new: its build needs a module.json describing its modules (README)`);
  }
  const target = releaseDir(remote, version);
  if (existsSync(target))
    fail(`${remote} ${version} is already deployed; choose another --version`);

  // Copy first, publish second: the registry never points at a half-copied folder.
  mkdirSync(dirname(target), { recursive: true });
  cpSync(from, `${target}.partial`, { recursive: true });
  renameSync(`${target}.partial`, target);

  const release = {
    manifest: `/lms/deploy/${remote}/${version}/mf-manifest.json`,
    version,
    ...(modules ? { modules } : {}),
  };
  if (candidate) {
    const replaced = current?.candidate?.version;
    registry[remote] = {
      ...(current ?? {}),
      candidate: { ...release, ...(rollout ? { rollout } : {}) },
    };
    writeJsonAtomically(registryFile, registry);
    if (replaced) removeUnused(remote, replaced);
    if (rollout) {
      console.log(
        `${remote} ${version} is a canary for ${describeRollout(rollout)}; everyone else keeps ${current?.version ?? 'the current release'}.`,
      );
      console.log(
        `Watch it: remote:status -- ${remote}   Then: remote:promote -- ${remote}  or  remote:drop -- ${remote}`,
      );
      return;
    }
    console.log(`${remote} ${version} is a candidate; only browsers that open this link get it:`);
    console.log(previewLink(remote, args));
    console.log(`Then: remote:promote -- ${remote}  or  remote:drop -- ${remote}`);
    return;
  }
  publish(remote, registry, current, release);
  console.log(`${remote} ${version} is live: ${release.manifest}`);
}

/** Makes `release` everyone's, remembering the entry it replaces for rollback. */
function publish(remote, registry, current, release) {
  const history = readHistory(remote);
  const { candidate, ...live } = current ?? {};
  const previous = current && 'manifest' in live ? live : null;
  history.push({ version: release.version, previous, at: new Date().toISOString() });
  registry[remote] = { ...release, ...(candidate ? { candidate } : {}) };
  writeJsonAtomically(historyFile(remote), history);
  writeJsonAtomically(registryFile, registry);
}

/** Deletes a release folder that is neither live nor in the history (a dropped candidate). */
function removeUnused(remote, version) {
  const registry = readRegistry();
  const entry = entryOf(registry, remote);
  const used =
    entry?.version === version ||
    readHistory(remote).some(
      (item) => item.version === version || item.previous?.version === version,
    );
  if (!used) rmSync(releaseDir(remote, version), { recursive: true, force: true });
}

function promote(remote) {
  const registry = readRegistry();
  const current = entryOf(registry, remote);
  if (!current?.candidate) fail(`${remote} has no candidate release`);
  const { candidate } = current;
  delete current.candidate;
  publish(remote, registry, current, candidate);
  console.log(`${remote} ${candidate.version} is live for everyone: ${candidate.manifest}`);
}

function drop(remote) {
  const registry = readRegistry();
  const current = entryOf(registry, remote);
  if (!current?.candidate) fail(`${remote} has no candidate release`);
  const { version } = current.candidate;
  delete current.candidate;
  if ('manifest' in current) registry[remote] = current;
  else delete registry[remote];
  writeJsonAtomically(registryFile, registry);
  removeUnused(remote, version);
  console.log(`${remote} candidate ${version} dropped`);
}

function rollback(remote) {
  const history = readHistory(remote);
  const last = history.pop();
  if (!last) fail(`${remote} has no deployment to roll back`);
  const registry = readRegistry();
  const candidate = entryOf(registry, remote)?.candidate;
  if (last.previous) {
    const previous =
      typeof last.previous === 'string' ? { manifest: last.previous } : last.previous;
    registry[remote] = { ...previous, ...(candidate ? { candidate } : {}) };
  } else if (candidate) registry[remote] = { candidate };
  else delete registry[remote];
  writeJsonAtomically(historyFile(remote), history);
  writeJsonAtomically(registryFile, registry);
  const to = last.previous?.version ?? last.previous?.manifest ?? last.previous ?? '(removed)';
  console.log(`${remote} rolled back from ${last.version} to ${to}`);
}

/** What the audit trail keeps of a remote's releases: the live and the candidate version. */
function releaseState(remote) {
  const entry = existsSync(registryFile) ? entryOf(readRegistry(), remote) : undefined;
  if (!entry) return null;
  return {
    live: entry.version ?? entry.manifest ?? null,
    candidate: entry.candidate?.version ?? null,
  };
}

/**
 * Records the release (deploy, promote, drop, rollback) as one row of the portal's audit trail
 * (api/src/areas/audit console.ts), its author the operator's system account. A release the
 * trail could not take is said on stderr; the release itself stands.
 */
async function audited(action, remote, before, after) {
  const file = join(root, 'api', 'dist', 'areas', 'audit', 'console.js');
  const warn = (why) => console.error(`warning: the release is not in the audit trail: ${why}`);
  if (!existsSync(file)) return warn('api/dist is missing (npm run build -w api)');
  const { consoleActor, recordConsoleChange } = await import(pathToFileURL(file).href);
  const result = await recordConsoleChange(
    { dataDir, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) },
    consoleActor('release'),
    { kind: 'release', key: `release:${remote}`, before, after: { action, ...(after ?? {}) } },
  ).catch((error) => ({ problem: error.message }));
  if (result.problem) warn(result.problem);
}

/** Opens the API's database (LMS_DATA_DIR, DATABASE_URL) through its build, or says why not. */
async function openHealth() {
  const dist = join(root, 'api', 'dist');
  const files = ['db/database.js', 'areas/portal/remote-health-repository.js'];
  if (!files.every((file) => existsSync(join(dist, file)))) {
    return { error: 'api/dist is missing: run `npm run build -w api` to see the health' };
  }
  const [{ openDatabase }, { createRemoteHealthRepository }] = await Promise.all(
    files.map((file) => import(pathToFileURL(join(dist, file)).href)),
  );
  const db = openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  return { repository: createRemoteHealthRepository(db.kysely), close: () => db.kysely.destroy() };
}

const percentText = (rate) => `${(rate * 100).toFixed(1)} %`;

/** One remote's releases, live and candidate, with their health in the browsers. */
function statusLines(remote, entry, health) {
  const live = entry.version ?? (entry.manifest ? 'built-in' : null);
  const candidate = entry.candidate;
  const lines = [
    `${remote}: live ${live ?? '(none)'}` +
      (candidate
        ? `, candidate ${candidate.version} for ${candidate.rollout ? describeRollout(candidate.rollout) : 'preview links only'}`
        : ''),
  ];
  const rows = [[live, 'live'], ...(candidate ? [[candidate.version, 'candidate']] : [])].filter(
    ([release]) => release,
  );
  for (const [release, stage] of rows) {
    const found = health?.find((row) => row.remote === remote && row.release === release);
    lines.push(
      found
        ? `  ${stage.padEnd(9)} ${release.padEnd(16)} ${String(found.reports).padStart(6)} reports  failure rate ${percentText(found.failureRate).padStart(7)}  p75 ${found.p75Ms === null ? '—' : `${found.p75Ms} ms`}` +
            (found.failures > 0
              ? `  (${Object.entries(found.kinds)
                  .map(([kind, n]) => `${kind} ${n}`)
                  .join(', ')})`
              : '')
        : `  ${stage.padEnd(9)} ${release.padEnd(16)} no reports`,
    );
  }
  return lines;
}

/** Failure rates of a remote's live release and candidate, from the latest reports. */
function rates(remote, entry, health) {
  const of = (release) => health.find((row) => row.remote === remote && row.release === release);
  return {
    live: of(entry.version ?? 'built-in'),
    candidate: entry.candidate ? of(entry.candidate.version) : undefined,
  };
}

async function status(args) {
  if (args.includes('--json')) {
    console.log(JSON.stringify(readRegistry(), null, 2));
    return;
  }
  const only = args.find((arg) => REMOTE_NAME.test(arg));
  const hours = Number(option(args, '--hours') ?? 24);
  if (!Number.isFinite(hours) || hours <= 0) fail('--hours: a positive number');
  const health = await openHealth();
  if (health.error) console.log(`(${health.error})`);
  try {
    const show = async () => {
      const since = Date.now() - hours * 60 * 60 * 1000;
      const summary = health.repository ? await health.repository.summary(since) : null;
      const registry = readRegistry();
      const names = Object.keys(registry).filter((name) => !only || name === only);
      if (only && names.length === 0) fail(`${only} is not in the registry`);
      console.log(`Health in browsers over the last ${hours} h:`);
      for (const name of names) {
        for (const line of statusLines(name, entryOf(registry, name), summary)) console.log(line);
      }
      return { registry, summary };
    };
    if (!args.includes('--watch')) {
      await show();
      return;
    }
    // --watch: a canary failing more than the live release (by --margin points, over at least
    // --min-reports reports) exits 2, so a deploy script can roll it back.
    if (!only) fail('--watch needs a remote: remote:status -- <remote> --watch');
    if (!health.repository) fail(health.error);
    const margin = Number(option(args, '--margin') ?? 5) / 100;
    const minimum = Number(option(args, '--min-reports') ?? 20);
    const interval = Number(option(args, '--interval') ?? 30) * 1000;
    for (;;) {
      const { registry, summary } = await show();
      const entry = entryOf(registry, only);
      if (!entry?.candidate) {
        console.log(`${only} has no candidate any more: watch ends.`);
        return;
      }
      const { live, candidate } = rates(only, entry, summary);
      if (candidate && candidate.reports >= minimum) {
        const baseline = live?.failureRate ?? 0;
        if (candidate.failureRate > baseline + margin) {
          console.error(
            `${only} ${entry.candidate.version} fails in ${percentText(candidate.failureRate)} of loads, ` +
              `the live release in ${percentText(baseline)}: roll it back (remote:drop -- ${only}).`,
          );
          process.exitCode = 2;
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  } finally {
    await health.close?.();
  }
}

const [command, remote, ...rest] = process.argv.slice(2);
const COMMANDS = ['deploy', 'promote', 'drop', 'preview-link', 'rollback'];
if (command === 'status') {
  await status([remote, ...rest].filter((arg) => arg !== undefined));
} else if (COMMANDS.includes(command)) {
  if (!REMOTE_NAME.test(remote ?? '')) {
    fail(`"${remote ?? ''}" is not a remote name (lowercase letters, digits and -)`);
  }
  const before = command === 'preview-link' ? null : releaseState(remote);
  if (command === 'deploy') deploy(remote, rest);
  else if (command === 'promote') promote(remote);
  else if (command === 'drop') drop(remote);
  else if (command === 'preview-link') console.log(previewLink(remote, rest));
  else rollback(remote);
  if (command !== 'preview-link') await audited(command, remote, before, releaseState(remote));
} else {
  fail(
    'usage: remote-release.mjs deploy <remote> [--version v] [--from dir] [--candidate] | ' +
      'promote <remote> | drop <remote> | preview-link <remote> [--hours h] [--origin url] | ' +
      'rollback <remote> | status [<remote>] [--hours h] [--json] [--watch]',
  );
}
