/**
 * A real production compile (minified, licence comments extracted, source maps, a lazy chunk):
 * every script starts with V8's compile hint, and its source map still points each piece of code
 * at the line it came from.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const webpack = require('webpack');
const { SourceMapConsumer } = require('source-map');
const { CompileHintsPlugin, HINT } = require('./compile-hints-plugin.cjs');

let dir;
let out;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-compile-hints-'));
  out = path.join(dir, 'dist');
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    [
      "export const later = () => import('./later');",
      '/*! a licence the minifier keeps */',
      'document.title = "ENTRY_MARK" + Math.random();',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'later.js'),
    [
      '// the lazy chunk',
      '',
      'export default function later() {',
      '  return "LATER_MARK";',
      '}',
    ].join('\n'),
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    devtool: 'source-map',
    output: { path: out, filename: '[name].[contenthash:8].js' },
    plugins: [new CompileHintsPlugin()],
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const scripts = () => fs.readdirSync(out).filter((file) => file.endsWith('.js'));

test('every script of the build starts with the compile hint, before the licence banner', () => {
  expect(scripts()).toHaveLength(2);
  for (const file of scripts()) {
    const text = fs.readFileSync(path.join(out, file), 'utf8');
    expect(text.startsWith(HINT)).toBe(true);
    if (text.includes('ENTRY_MARK')) {
      expect(text.slice(HINT.length)).toMatch(/^\/\*! For license information please see /);
    }
  }
});

test("each script's source map still points its code at the line it came from", () => {
  const where = {};
  for (const file of scripts()) {
    const text = fs.readFileSync(path.join(out, file), 'utf8');
    const lines = text.split('\n');
    const line = lines.findIndex((content) => content.includes('_MARK'));
    const column = lines[line].indexOf('"', lines[line].indexOf('_MARK') - 8);
    const map = JSON.parse(fs.readFileSync(path.join(out, `${file}.map`), 'utf8'));
    const original = new SourceMapConsumer(map).originalPositionFor({ line: line + 1, column });
    where[lines[line].includes('LATER_MARK') ? 'later' : 'entry'] = original;
  }
  expect(where.entry).toMatchObject({ source: expect.stringContaining('index.js'), line: 3 });
  expect(where.later).toMatchObject({ source: expect.stringContaining('later.js'), line: 4 });
});
