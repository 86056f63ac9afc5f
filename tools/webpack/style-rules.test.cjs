/**
 * The stylesheets of a production build carry no source maps inside the JavaScript: a remote's
 * own style rules (from its webpack config, as `npm run build` makes them) compile a fixture of
 * one CSS module and one plain stylesheet with the production devtool. In development the maps
 * stay, so the browser's tools show the .css files.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const webpack = require('webpack');

const newsConfig = require('../../mfe-news/webpack.config.js');

let dir;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-style-rules-'));
  fs.writeFileSync(path.join(dir, 'card.module.css'), '.card { color: rebeccapurple; }\n');
  fs.writeFileSync(path.join(dir, 'page.css'), 'body { margin: 0; }\n');
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    "import styles from './card.module.css';\nimport './page.css';\nconsole.log(styles.card);\n",
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The remote's rules for .css files in the given mode, and its devtool. */
function styleSetup(mode) {
  const config = newsConfig(undefined, { mode });
  const rules = config.module.rules.filter((rule) => String(rule.test).includes('css'));
  return { rules, devtool: config.devtool };
}

/** One compile of the fixture with those rules; the emitted JavaScript. */
function build(mode) {
  const { rules, devtool } = styleSetup(mode);
  const out = path.join(dir, `dist-${mode}`);
  const compiler = webpack({
    mode,
    devtool,
    context: dir,
    entry: './index.js',
    output: { path: out, filename: 'main.js' },
    module: { rules },
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve(fs.readFileSync(path.join(out, 'main.js'), 'utf8'));
    }),
  );
}

// Each test runs a real webpack compilation: CPU-bound work, given the time a busy machine needs.
const BUILD_MS = 60_000;

test(
  'a production bundle holds the styles but not their source maps',
  async () => {
    const js = await build('production');
    expect(js).toContain('rebeccapurple');
    expect(js).toContain('margin: 0');
    expect(js).not.toContain('sourcesContent');
    expect(js).not.toMatch(/card\.module\.css/);
  },
  BUILD_MS,
);

test(
  'a development bundle keeps the styles’ source maps',
  async () => {
    const js = await build('development');
    expect(js).toContain('sourcesContent');
    expect(js).toMatch(/card\.module\.css/);
  },
  BUILD_MS,
);
