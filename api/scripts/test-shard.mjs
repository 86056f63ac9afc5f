// One process of the API suite (scripts/test.mjs starts two per database): it loads the test
// files it is given and runs them one after another in this process, so the API's ~450 modules
// load once per process, not once per file (that load was ~4 s of every file, a third of the
// suite's time). Each file still gets its own database and app (test/helper.ts).
// `node --import tsx --test-force-exit --test-reporter=tap scripts/test-shard.mjs <file>...`
import { before, test } from 'node:test';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const files = process.argv.slice(2);
if (files.length === 0) process.exit(0);

let loaded = () => {};
const allLoaded = new Promise((settle) => (loaded = settle));
// The first test waits for every file to be loaded: the runner, left alone, starts as soon as
// one file has registered its tests and ends (the process exits) once it runs out of them,
// which would be before a slower import registers the next file's.
before(() => allLoaded);

for (const file of files) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (error) {
    // A file that cannot load is a failure of its own in the report; the other files still run.
    test(`${file} loads`, () => {
      throw error;
    });
  }
}
loaded();
