/**
 * react-router-dom as the portal shares it (react-router-browser.cjs): the shared module gives
 * every name of the package but the ones listed as not shared, each the package's own; and in a
 * real production compile a build that imports a name left out fails, naming it, while one that
 * keeps to the browser API builds without the server's code.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { afterAll, beforeAll, expect, test } = require('@jest/globals');
const webpack = require('webpack');
const {
  BROWSER_ENTRY,
  BROWSER_REQUEST,
  NOT_SHARED,
  ReactRouterBrowserPlugin,
  productionAliases,
} = require('./react-router-browser.cjs');

const reactRouterDom = require('react-router-dom');

const ROOT_MODULES = path.join(__dirname, '..', '..', 'node_modules');
const { version } = JSON.parse(
  fs.readFileSync(path.join(ROOT_MODULES, 'react-router-dom', 'package.json'), 'utf8'),
);

/** The names the shared module re-exports, by the module it takes them from. */
function sharedNames() {
  const source = fs.readFileSync(BROWSER_ENTRY, 'utf8');
  const byModule = {};
  for (const [, names, from] of source.matchAll(/export \{([^}]*)\} from '([^']+)';/g)) {
    byModule[from] = names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  }
  return byModule;
}

test('the shared module and the names left out are the package, each name once', () => {
  const byModule = sharedNames();
  const shared = Object.values(byModule).flat();
  const left = Object.values(NOT_SHARED).flat();
  expect([...shared, ...left].sort()).toEqual(Object.keys(reactRouterDom).sort());
  expect(new Set([...shared, ...left]).size).toBe(shared.length + left.length);
  // The browser's router and links are there.
  expect(shared).toEqual(expect.arrayContaining(['BrowserRouter', 'Link', 'useNavigate']));
});

test('each shared name is the package’s own export', () => {
  for (const [from, names] of Object.entries(sharedNames())) {
    const module = require(from);
    for (const name of names) expect([name, module[name]]).toEqual([name, reactRouterDom[name]]);
  }
});

let dir;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-router-share-'));
  fs.writeFileSync(
    path.join(dir, 'browser.js'),
    "import { Link, useNavigate } from 'react-router-dom';\nexport default [Link, useNavigate];\n",
  );
  fs.writeFileSync(
    path.join(dir, 'server.js'),
    "import { Link } from 'react-router-dom';\nimport * as router from 'react-router-dom';\n" +
      'export default [Link, router.createCookieSessionStorage];\n',
  );
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A production compile of a remote exposing the one file, sharing react-router-dom as the portal does. */
function build(file) {
  const output = path.join(dir, `dist-${file}`);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: {},
    devtool: false,
    resolve: {
      modules: [ROOT_MODULES, 'node_modules'],
      alias: { [`${BROWSER_REQUEST}$`]: BROWSER_ENTRY, ...productionAliases() },
    },
    externals: { react: 'React' },
    output: { path: output, publicPath: 'auto', uniqueName: 'routershare' },
    plugins: [
      new webpack.container.ModuleFederationPlugin({
        name: 'routershare',
        filename: 'remoteEntry.js',
        exposes: { './Screen': `./${file}` },
        shared: {
          'react-router-dom': {
            singleton: true,
            import: BROWSER_REQUEST,
            version,
            requiredVersion: false,
          },
        },
      }),
      new ReactRouterBrowserPlugin(),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      const code = fs.existsSync(output)
        ? fs
            .readdirSync(output)
            .filter((name) => name.endsWith('.js'))
            .map((name) => fs.readFileSync(path.join(output, name), 'utf8'))
            .join('\n')
        : '';
      const routerFiles = [...stats.compilation.modules]
        .map((module) => module.resource ?? '')
        .filter((file) => file.includes(`${path.sep}react-router${path.sep}`));
      resolve({ errors: stats.compilation.errors.map((e) => e.message), code, routerFiles });
    }),
  );
}

test('a build that keeps to the browser API has the router without the server’s code', async () => {
  const { errors, code, routerFiles } = await build('browser.js');
  expect(errors).toEqual([]);
  // The router's own refusal of a bad path is there; the session cookie's warning is not.
  expect({ routerCode: code.includes('Cannot include a') }).toEqual({ routerCode: true });
  expect({ sessionCode: code.includes('session cookies should be signed') }).toEqual({
    sessionCode: false,
  });
  // React Router's production build (its development warnings off), none of its development files.
  const builds = (folder) => routerFiles.filter((file) => file.includes(`/dist/${folder}/`));
  expect({
    production: builds('production').length > 0,
    development: builds('development'),
  }).toEqual({ production: true, development: [] });
}, 60_000);

test('a build that takes a name left out fails, naming it and why', async () => {
  const { errors } = await build('server.js');
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(
    "react-router-dom: 'createCookieSessionStorage' is not shared by the portal (server sessions and cookies)",
  );
}, 60_000);
