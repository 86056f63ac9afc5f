/**
 * The shell's start scripts in a real production compile: an entry that opens its bootstrap and
 * a provided shared package (a host of webpack's federation plugin), the bootstrap opening the
 * signed-in layout (a named chunk) and another screen later. The page names the start scripts
 * (not the entry's own file, not what the bootstrap opens later), and start-files.json lists
 * them and the signed-in layout's files by the names the build wrote.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { StartPreloadPlugin } = require('./start-preload-plugin.cjs');

let dir;
let out;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-start-preload-'));
  out = path.join(dir, 'dist');
  const files = {
    'index.js': "import('./bootstrap');\n",
    'bootstrap.js': [
      "import lib from 'lib';",
      'export const layout = () => import(/* webpackChunkName: "signed-in" */ \'./layout\');',
      "export const later = () => import('./later');",
      'export default [lib, "BOOT_MARK"];',
    ].join('\n'),
    'layout.js': 'export default "LAYOUT_MARK";\n',
    'later.js': 'export default "LATER_MARK";\n',
    'node_modules/lib/package.json': '{"name":"lib","version":"1.0.0","main":"index.js"}',
    'node_modules/lib/index.js': 'module.exports = "LIB_MARK";\n',
    'package.json': '{"name":"fixture","version":"1.0.0","dependencies":{"lib":"1.0.0"}}',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    devtool: false,
    output: {
      path: out,
      publicPath: '/lms/public/shell/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'fixture',
    },
    plugins: [
      new webpack.container.ModuleFederationPlugin({
        name: 'fixture',
        shared: { lib: { singleton: true, requiredVersion: '1.0.0' } },
      }),
      new HtmlWebpackPlugin({ chunks: ['main'] }),
      new StartPreloadPlugin(),
    ],
  });
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The chunk file that carries a module whose source contains `text`. */
function fileWith(text) {
  const file = fs
    .readdirSync(out)
    .find(
      (name) =>
        name.endsWith('.js') && fs.readFileSync(path.join(out, name), 'utf8').includes(text),
    );
  if (!file) throw new Error(`no file with ${text}`);
  return file;
}

test('the page names the bootstrap and the shared package, not the entry or later chunks', () => {
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<link rel="?preload"? as="?script"? href="?([^" >]+)[^>]*>/g)];
  const hinted = tags.map((match) => match[1]);
  // Fetched after what paints the page: a script preloaded at high priority is taken for one
  // that holds the paint up.
  for (const [tag] of tags) expect(tag).toMatch(/ fetchpriority="?low"?/);
  const bootstrap = fileWith('BOOT_MARK');
  const lib = fileWith('LIB_MARK');
  expect(hinted.sort()).toEqual(
    [`/lms/public/shell/${bootstrap}`, `/lms/public/shell/${lib}`].sort(),
  );
  expect(html).toMatch(
    /<script defer(?:="defer")? src="?\/lms\/public\/shell\/main\.[0-9a-f]{8}\.js/,
  );
});

test('start-files.json lists the start files and the signed-in layout by their built names', () => {
  const listed = JSON.parse(fs.readFileSync(path.join(out, 'start-files.json'), 'utf8'));
  expect(listed.start.sort()).toEqual([fileWith('BOOT_MARK'), fileWith('LIB_MARK')].sort());
  expect(listed.signedIn).toEqual([fileWith('LAYOUT_MARK')]);
  expect(listed.signedIn[0]).toMatch(/^signed-in\.[0-9a-f]{8}\.js$/);
  for (const file of [...listed.start, ...listed.signedIn]) {
    expect(fs.existsSync(path.join(out, file))).toBe(true);
  }
});
