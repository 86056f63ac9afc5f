// node --test tools/api-layout: the API's import graph has no circle (and the check finds one),
// and no source file outside the seed and the migrations outgrows a reader.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { circles, importGraph } from './graph.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A folder of files `{ 'a.ts': "import { b } from './b.js';" }`. */
function folderOf(files) {
  const folder = mkdtempSync(path.join(tmpdir(), 'imports-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

describe('import circles', () => {
  it('finds a circle through a type-only import and an index', () => {
    const folder = folderOf({
      'plugins/session.ts': "import type { Account } from '../areas/auth/index.js';\n",
      'areas/auth/index.ts': "export * from './routes.js';\n",
      'areas/auth/routes.ts': "import { sessionUser } from '../../plugins/session.js';\n",
      'lib/http.ts': 'export const ok = 1;\n',
    });
    const found = circles(importGraph(folder));
    assert.equal(found.length, 1);
    assert.deepEqual(
      found[0].map((file) => path.relative(folder, file)).sort(),
      ['areas/auth/index.ts', 'areas/auth/routes.ts', 'plugins/session.ts'].map((f) =>
        f.split('/').join(path.sep),
      ),
    );
  });

  it('finds none in a one-way graph, and a file importing itself is a circle', () => {
    const oneWay = folderOf({
      'areas/news/routes.ts':
        "import { ok } from '../../lib/http.js';\nexport { x } from './wire.js';\n",
      'areas/news/wire.ts': "import { ok } from '../../lib/http.js';\n",
      'lib/http.ts': 'export const ok = 1;\n',
    });
    assert.deepEqual(circles(importGraph(oneWay)), []);
    const self = folderOf({ 'a.ts': "export * from './a.js';\n" });
    assert.equal(circles(importGraph(self)).length, 1);
  });

  it('api/src has no import circle', () => {
    const found = circles(importGraph(path.join(ROOT, 'api', 'src')));
    const described = found.map((component) =>
      component.map((file) => path.relative(ROOT, file)).join(' → '),
    );
    assert.deepEqual(described, [], `import circles in api/src:\n${described.join('\n')}`);
  });
});

/** Lines a source file of api/src may hold (docs/server-conventions.md); seed data and migrations excepted. */
const MAX_LINES = 400;

describe('file sizes', () => {
  it(`no file of api/src outside db/seed and db/migrations is over ${MAX_LINES} lines`, () => {
    const long = [...importGraph(path.join(ROOT, 'api', 'src')).keys()]
      .map((file) => path.relative(ROOT, file))
      .filter((file) => !/[\\/]db[\\/](seed|migrations)[\\/]/.test(file))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > MAX_LINES + 1)
      .map(({ file, lines }) => `${file}: ${lines - 1} lines`);
    assert.deepEqual(long, [], `split these by topic or role:\n${long.join('\n')}`);
  });
});
