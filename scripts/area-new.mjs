#!/usr/bin/env node
// Scaffolds a new API area that works and is tested as generated (docs/server-conventions.md
// "A new area"), or removes one it made:
//   npm run area:new <name>               (node scripts/area-new.mjs <name>)
//   npm run area:new <name> -- --remove   (or npm run area:remove <name>)
// It writes api/src/areas/<name>/ (index, routes, rules, service, repository, wire, messages), the
// contract shared/src/contract/<name>.ts, a migration, the table's type, a seed, a unit test of
// the rules and an API test, and inserts one line each where the app lists them (app.ts, the
// migrations' provider, the Database type, AREA_SEEDS, the contract's index). Then it builds
// @lms/shared's contract, which the API imports from shared/dist. --remove deletes those files
// and takes out exactly those lines.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { areaFiles, namesOf } from './area-templates.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** kebab-case, each word starting with a letter; short enough that every inserted line fits. */
const AREA_NAME = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;
const MAX_NAME_LENGTH = 24;
/** Names that are folders, files or URL segments of the portal itself. */
const RESERVED = new Set(['api', 'index', 'lms', 'shared', 'shell', 'remotes', 'docs', 'e2e']);

/** The marker in api/src/app.ts above which a new area's register() goes. */
export const APP_MARKER = '// area:new inserts';

/** The files where the scaffold inserts lines. */
export const EDITED = {
  app: 'api/src/app.ts',
  migrations: 'api/src/db/migrations.ts',
  schema: 'api/src/db/schema.ts',
  seed: 'api/src/db/seed/seed.ts',
  contract: 'shared/src/contract/index.ts',
};

const read = (root, file) => readFileSync(join(root, file), 'utf8');
const filesIn = (root, folder) =>
  existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : [];

function sourcesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every capture of `pattern` (global, one group) in `text`. */
const capturesOf = (text, pattern) => [...text.matchAll(pattern)].map((match) => match[1]);

/** The number of the next migration: one past the highest file or key there is. */
export function nextMigrationNumber(root = ROOT) {
  const numbers = [
    ...filesIn(root, 'api/src/db/migrations').map((file) => /^(\d{4})_/.exec(file)?.[1]),
    ...capturesOf(read(root, EDITED.migrations), /'(\d{4})_\w+':/g),
  ]
    .filter(Boolean)
    .map(Number);
  return Math.max(0, ...numbers) + 1;
}

/**
 * Why `name` cannot be a new area (empty when it can): the spelling, an area, remote or registry
 * module of that name, a URL prefix, plugin, repository or generated file that exists already.
 */
export function refusalsOf(name, root = ROOT) {
  if (!AREA_NAME.test(name ?? '')) {
    return [
      `"${name ?? ''}" is not kebab-case (lowercase words of letters and digits, joined by -)`,
    ];
  }
  if (name.length > MAX_NAME_LENGTH) return [`"${name}" is longer than ${MAX_NAME_LENGTH}`];
  const n = namesOf(name, nextMigrationNumber(root));
  const refusals = [];
  if (RESERVED.has(name)) refusals.push(`"${name}" is a name the portal uses itself`);
  if (existsSync(join(root, 'api/src/areas', name))) {
    refusals.push(`api/src/areas/${name} exists: an area of that name is there already`);
  }
  const remotes = capturesOf(
    /REMOTE_NAMES = \[([^\]]*)\]/.exec(read(root, 'shared/src/contract/constants.ts'))?.[1] ?? '',
    /'([^']+)'/g,
  );
  if (remotes.includes(name) || existsSync(join(root, `mfe-${name}`))) {
    refusals.push(`"${name}" is a remote of the portal (REMOTE_NAMES, mfe-${name})`);
  }
  if (existsSync(join(root, 'remotes', name))) {
    refusals.push(`remotes/${name} holds a registry module of that name (npm run remote:new)`);
  }
  const registry = read(root, 'api/src/areas/portal/remote-registry.ts');
  const reserved = capturesOf(
    /RESERVED_SEGMENTS = new Set\(\[([^\]]*)\]/.exec(registry)?.[1] ?? '',
    /'([^']+)'/g,
  );
  if (reserved.includes(name)) refusals.push(`/lms/${name} is a segment the shell uses itself`);
  const sources = sourcesUnder(join(root, 'api/src')).map((file) => readFileSync(file, 'utf8'));
  const all = sources.join('\n');
  const prefixes = new Set(capturesOf(all, /['`]\/lms\/api\/([\w.-]+)/g));
  if (prefixes.has(name)) refusals.push(`/lms/api/${name} is a URL prefix the API serves already`);
  const plugins = new Set(capturesOf(all, /(?:appPlugin|area)\(\s*'([^']+)'/g));
  if (plugins.has(name)) refusals.push(`"${name}" names a plugin of the app already`);
  const repositories = new Set(
    capturesOf(all, /interface Repositories \{([^}]*)\}/g).flatMap((body) =>
      capturesOf(body, /^\s*(\w+)\??:/gm),
    ),
  );
  if (repositories.has(n.camel)) refusals.push(`app.repos.${n.camel} exists already`);
  if (new RegExp(`\\b${n.table}\\b`).test(all)) refusals.push(`a table ${n.table} exists already`);
  const contract = filesIn(root, 'shared/src/contract')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => read(root, `shared/src/contract/${file}`))
    .join('\n');
  const exported = new Set(capturesOf(contract, /export (?:const|type|interface|function) (\w+)/g));
  const clashes = [
    `${n.pascal}Item`,
    `${n.pascal}ListResponse`,
    `${n.pascal}SaveBody`,
    `${n.pascal}DeleteBody`,
    `${n.pascal}DeleteResponse`,
    `${n.constant}_TITLE_MAX_LENGTH`,
  ].filter((exportName) => exported.has(exportName));
  if (clashes.length > 0) refusals.push(`the contract exports ${clashes.join(', ')} already`);
  if (all.includes(`${n.camel}Migration`) || all.includes(`seed${n.pascal}(`)) {
    refusals.push(`${n.camel}Migration or seed${n.pascal} exists already`);
  }
  for (const file of Object.keys(areaFiles(n))) {
    if (!file.startsWith('api/src/areas/') && existsSync(join(root, file))) {
      refusals.push(`${file} exists already`);
    }
  }
  return refusals;
}

/** A text as lines, edited, and back (the file's last newline kept). */
const linesOf = (text) => text.split('\n');
const textOf = (lines) => lines.join('\n');

function lastIndex(lines, test) {
  for (let index = lines.length - 1; index >= 0; index--) if (test(lines[index])) return index;
  return -1;
}

/** The last line of the import statements at the top of a file. */
function lastImport(lines) {
  const body = lines.findIndex((line) => /^(export|const|function|class|interface) /.test(line));
  const end = body === -1 ? lines.length : body;
  return lastIndex(lines.slice(0, end), (line) => /^(import .*|\} from .*)';$/.test(line));
}

/** Where a new import goes: after the last one (-1 when the file has none). */
function afterImports(lines) {
  const last = lastImport(lines);
  return last === -1 ? -1 : last + 1;
}

class EditError extends Error {}

/** Inserts `line` after index `at` (or before it, `before`); fails when `at` is -1. */
function insertAt(lines, at, line, where) {
  if (at === -1) throw new EditError(`found no place for "${line.trim()}" (${where})`);
  lines.splice(at, 0, line);
}

/**
 * The lines the scaffold inserts, per edited file, with the function that puts them in. Each
 * line is unique to the area, so --remove finds exactly it.
 */
export function insertionsOf(n) {
  const importArea = `import { ${n.camel}Area } from './areas/${n.kebab}/index.js';`;
  const registerArea = `  await app.register(${n.camel}Area);`;
  const importMigration = `import { ${n.camel}Migration } from './migrations/${n.migration}.js';`;
  const provideMigration = `      '${n.migration}': ${n.camel}Migration(this.dialect),`;
  const importTables = `import type { ${n.pascal}Tables } from './${n.kebab}-schema.js';`;
  const tables = `    ${n.pascal}Tables`;
  const importSeed = `import { seed${n.pascal} } from './${n.kebab}.js';`;
  const seed = `  seed${n.pascal},`;
  const exportContract = `export * from './${n.kebab}.js';`;
  return {
    [EDITED.app]: {
      lines: [importArea, registerArea],
      insert(lines) {
        // The areas' imports stay in the order of their folders.
        const areaImport = /^import \{ [\w, ]+ \} from '\.\/areas\/([\w-]+)\/index\.js';$/;
        const imports = lines.flatMap((line, index) => {
          const folder = areaImport.exec(line)?.[1];
          return folder ? [{ folder, index }] : [];
        });
        const next = imports.find(({ folder }) => folder.localeCompare(n.kebab) > 0);
        const at = next ? next.index : (imports.at(-1)?.index ?? -2) + 1;
        insertAt(lines, at, importArea, "the areas' imports");
        const marker = lines.findIndex((line) => line.trim().startsWith(APP_MARKER));
        insertAt(lines, marker, registerArea, `the marker "${APP_MARKER}"`);
      },
    },
    [EDITED.migrations]: {
      lines: [importMigration, provideMigration],
      insert(lines) {
        const imports = lastIndex(lines, (line) =>
          /from '\.\/migrations\/\d{4}_\w+\.js';$/.test(line),
        );
        insertAt(lines, imports === -1 ? -1 : imports + 1, importMigration, 'the migrations');
        const entries = lastIndex(lines, (line) => /^\s+'\d{4}_\w+': \w+\(.*\),$/.test(line));
        insertAt(lines, entries === -1 ? -1 : entries + 1, provideMigration, 'the provider');
      },
    },
    [EDITED.schema]: {
      lines: [importTables, tables],
      insert(lines) {
        insertAt(lines, afterImports(lines), importTables, 'the imports');
        // The last of the Database interface's `extends` list is the line that opens its body.
        const start = lines.findIndex((line) => line.startsWith('export interface Database'));
        const last = lines.findIndex((line, index) => index > start && line.endsWith(' {'));
        if (start === -1 || !/^\s+\w+ \{$/.test(lines[last] ?? '')) {
          throw new EditError('found no `extends` list of `interface Database` in schema.ts');
        }
        lines[last] = lines[last].replace(/ \{$/, ',');
        lines.splice(last + 1, 0, `${tables} {`);
      },
    },
    [EDITED.seed]: {
      lines: [importSeed, seed],
      insert(lines) {
        insertAt(lines, afterImports(lines), importSeed, 'the imports');
        const start = lines.findIndex((line) => line.startsWith('const AREA_SEEDS'));
        const end = lines.findIndex((line, index) => index > start && line === '];');
        insertAt(lines, start === -1 ? -1 : end, seed, 'AREA_SEEDS');
      },
    },
    [EDITED.contract]: {
      lines: [exportContract],
      insert(lines) {
        const last = lastIndex(lines, (line) => line.trim() !== '');
        insertAt(lines, last + 1, exportContract, 'the end');
      },
    },
  };
}

/** `text` without the lines the scaffold inserted (and `missing`: those it did not find). */
export function withoutInsertions(text, insertion) {
  const lines = linesOf(text);
  const missing = [];
  for (const inserted of insertion.lines) {
    const exact = lines.indexOf(inserted);
    // In the Database type's extends list the line ends with `,`, or with ` {` when it is last.
    const listed = exact === -1 ? lines.indexOf(`${inserted},`) : -1;
    const last = exact === -1 && listed === -1 ? lines.indexOf(`${inserted} {`) : -1;
    if (exact !== -1 || listed !== -1) {
      lines.splice(exact !== -1 ? exact : listed, 1);
    } else if (last !== -1 && /,$/.test(lines[last - 1] ?? '')) {
      lines[last - 1] = lines[last - 1].replace(/,$/, ' {');
      lines.splice(last, 1);
    } else {
      missing.push(inserted.trim());
    }
  }
  return { text: textOf(lines), missing };
}

/** Formats a new file in the repository's style (its prettier config), as every file of it. */
async function formatted(root, file, content) {
  const prettier = await import('prettier').catch(() => null);
  if (!prettier) return content;
  const path = join(root, file);
  const config = await prettier.resolveConfig(path);
  return prettier.format(content, { ...config, filepath: path });
}

/**
 * Builds @lms/shared's contract into shared/dist (the API imports it from there), alone: the
 * whole kit's build takes several times longer.
 */
function buildContract(root) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'shared/tsconfig.contract.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status === 0;
}

/** The migration file of an area made earlier (its number is whatever was next then). */
function migrationOf(root, n) {
  const found = filesIn(root, 'api/src/db/migrations').filter(
    (file) => file.replace(/^\d{4}_/, '').replace(/\.ts$/, '') === n.snake,
  );
  return found.length === 1 ? found[0].replace(/\.ts$/, '') : null;
}

export async function create(name, root = ROOT, { build = true } = {}) {
  const refusals = refusalsOf(name, root);
  if (refusals.length > 0) {
    return { ok: false, messages: refusals.map((refusal) => `refused: ${refusal}`) };
  }
  const n = namesOf(name, nextMigrationNumber(root));
  // Every edit is made in memory first: a file that does not have its place changes nothing.
  const edited = {};
  try {
    for (const [file, insertion] of Object.entries(insertionsOf(n))) {
      const lines = linesOf(read(root, file));
      insertion.insert(lines);
      edited[file] = textOf(lines);
    }
  } catch (error) {
    if (error instanceof EditError) return { ok: false, messages: [`refused: ${error.message}`] };
    throw error;
  }
  const created = areaFiles(n);
  for (const [file, content] of Object.entries(created)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), await formatted(root, file, content));
  }
  for (const [file, text] of Object.entries(edited)) writeFileSync(join(root, file), text);
  const messages = [
    `${name}: a new API area.`,
    'Created:',
    ...Object.keys(created).map((file) => `  ${file}`),
    'Inserted:',
    ...Object.entries(insertionsOf(n)).flatMap(([file, { lines }]) =>
      lines.map((line) => `  ${file}: ${line.trim()}`),
    ),
  ];
  const built = build && buildContract(root);
  if (build) {
    messages.push(
      built
        ? 'Built the contract into shared/dist (the API imports it from there).'
        : 'The contract did not build: fix it, then `npm run build:contract -w shared`.',
    );
  }
  messages.push(
    'Next:',
    `  cd api && node --import tsx --test test/unit/${name}-rules.test.ts test/${name}.test.ts`,
    "  Replace the example (a user's items with a title) with the area's own records, file by file.",
    "  The contract grew: bump @lms/shared's minor version and record its surface",
    '  (KIT_SURFACE=write npx jest shared/src/surface.test.ts).',
    '  Screens of its own: docs/server-conventions.md "A new area" (a workspace remote mfe-<name>).',
    `  Undo all of it: npm run area:remove ${name}`,
  );
  return {
    ok: !build || built,
    messages,
    created: Object.keys(created),
    edited: Object.keys(edited),
  };
}

export async function remove(name, root = ROOT, { build = true } = {}) {
  if (!AREA_NAME.test(name ?? '')) return { ok: false, messages: [`"${name}" is not kebab-case`] };
  const migration = migrationOf(root, namesOf(name));
  const n = namesOf(name, migration ? Number(migration.slice(0, 4)) : 0);
  const messages = [`${name}: removing the area the scaffold made.`];
  const removed = [];
  const generated = Object.keys(areaFiles(n)).filter(
    (file) => migration || !file.startsWith('api/src/db/migrations/'),
  );
  for (const file of generated) {
    if (!existsSync(join(root, file))) continue;
    rmSync(join(root, file));
    removed.push(file);
  }
  const folder = `api/src/areas/${name}`;
  if (existsSync(join(root, folder))) {
    const left = readdirSync(join(root, folder));
    if (left.length === 0) rmSync(join(root, folder), { recursive: true });
    else
      messages.push(
        `kept ${folder}: it holds files the scaffold did not make (${left.join(', ')})`,
      );
  }
  // The contract's build of the area, then the index without it.
  for (const file of filesIn(root, 'shared/dist/contract')) {
    if (file.replace(/\.(js|d\.ts)(\.map)?$/, '') === name)
      rmSync(join(root, 'shared/dist/contract', file));
  }
  const taken = [];
  for (const [file, insertion] of Object.entries(insertionsOf(n))) {
    const { text, missing } = withoutInsertions(read(root, file), insertion);
    writeFileSync(join(root, file), text);
    for (const line of insertion.lines) {
      if (!missing.includes(line.trim())) taken.push(`  ${file}: ${line.trim()}`);
    }
  }
  messages.push('Deleted:', ...removed.map((file) => `  ${file}`), 'Took out:', ...taken);
  const built = !build || !existsSync(join(root, 'shared/dist/contract')) || buildContract(root);
  if (!built)
    messages.push('The contract did not build again: `npm run build:contract -w shared`.');
  return { ok: built, messages, removed };
}

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter(
    (arg) => arg.startsWith('--') && !['--remove', '--remote', '--no-build'].includes(arg),
  );
  if (names.length !== 1 || unknown.length > 0) {
    console.error(
      'usage: npm run area:new <name> [-- --remove]   (name: kebab-case, e.g. room-booking)\n' +
        '       npm run area:remove <name>',
    );
    process.exit(1);
  }
  const [name] = names;
  if (args.includes('--remote')) {
    console.error(
      'area:new --remote: the workspace remote (mfe-<name>) is not generated yet. Make the API ' +
        'area without --remote, then follow docs/server-conventions.md "A new area" for its screens.',
    );
    process.exit(1);
  }
  const build = !args.includes('--no-build');
  const result = args.includes('--remove')
    ? await remove(name, ROOT, { build })
    : await create(name, ROOT, { build });
  for (const message of result.messages) (result.ok ? console.log : console.error)(message);
  process.exit(result.ok ? 0 : 1);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
