/**
 * The size budget in a real production compile: a remote of two exposed modules, one small and
 * one carrying 4.5 KB of random (incompressible) data, built with a budget between the two and
 * with one above both. webpack's own container plugin: the parts are the same chunk groups as
 * with the enhanced one the apps use, and it builds in a second.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const webpack = require('webpack');
const { SizeBudgetPlugin, readBudgets } = require('./size-budget-plugin.cjs');

/** Not in size-budgets.json, so the budget given to the plugin applies. */
const NAME = 'budgetfixture';

let dir;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-size-budget-'));
  fs.writeFileSync(path.join(dir, 'small.js'), 'export default () => "small";\n');
  const data = crypto.randomBytes(4500).toString('base64');
  fs.writeFileSync(path.join(dir, 'large.js'), `export default ${JSON.stringify(data)};\n`);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One production compile of the fixture with the given budget; its errors' messages. */
function build(budgetKb) {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: {},
    devtool: false,
    output: { path: path.join(dir, `dist-${budgetKb}`), publicPath: 'auto', uniqueName: NAME },
    optimization: { chunkIds: 'named' },
    plugins: [
      new webpack.container.ModuleFederationPlugin({
        name: NAME,
        filename: 'remoteEntry.js',
        exposes: { './Small': './small.js', './Large': './large.js' },
      }),
      new SizeBudgetPlugin({ name: NAME, host: false, budgetKb }),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else
        resolve({
          failed: stats.hasErrors(),
          errors: stats.compilation.errors.map((e) => e.message),
        });
    }),
  );
}

test('the fixture is not in size-budgets.json', () => {
  expect(readBudgets()[NAME]).toBeUndefined();
});

test('over budget, the build fails naming the part over it and its largest chunk first', async () => {
  const { failed, errors } = await build(4);
  expect(failed).toBe(true);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  expect(error).toMatch(
    new RegExp(
      `^${NAME} remote entry \\+ \\./large\\.js: initial JS \\d+\\.\\d KB gzip, over its budget of 4 KB`,
    ),
  );
  // The exposed module's own chunk (named after its file here), then the remote entry.
  expect(error).toMatch(/; largest: large_js\.js \d+\.\d KB, remoteEntry\.js \d+\.\d KB$/);
  expect(error).not.toContain('small');
});

test('under budget, the same build passes', async () => {
  const { failed, errors } = await build(64);
  expect(errors).toEqual([]);
  expect(failed).toBe(false);
});
