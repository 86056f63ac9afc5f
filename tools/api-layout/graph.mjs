/**
 * The import graph of a source folder and its circles (strongly connected components), read from
 * the files' relative `import`/`export … from` statements (type-only imports included: a type
 * taken from a module ties the two as much as a value does).
 *
 *   node tools/api-layout/graph.mjs api/src   prints every circle; exits 1 when there is one
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function filesUnder(folder) {
  const out = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (SOURCE.test(name) && !/\.d\.ts$/.test(name)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in TypeScript's ESM). */
function resolve(from, specifier, known) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.js`,
    `${stem}.mjs`,
    path.join(base, 'index.ts'),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** `Map<file, Set<file>>` of the folder's files and what each imports inside the folder. */
export function importGraph(folder) {
  const files = filesUnder(path.resolve(folder));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const pattern of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolve(file, match[1], known);
        if (target) targets.add(target);
      }
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's circles: components of more than one file, or a file importing itself (Tarjan). */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2] ?? 'api/src';
  const found = circles(importGraph(folder));
  for (const component of found) {
    console.log(`A circle of ${component.length} files:`);
    for (const file of component) console.log(`  ${path.relative(process.cwd(), file)}`);
  }
  if (found.length > 0) process.exit(1);
  console.log(`${folder}: no import circle.`);
}
