/**
 * react-router-dom as the portal shares it: its browser API, without what only runs on a server
 * or inside React Router's own framework build. A shared singleton is never tree-shaken (the
 * shell cannot know what a remote deployed later will take from it), so sharing the whole
 * package put server rendering, cookie sessions and the framework's data streaming into every
 * phone's start: the router's chunk was 197,850 bytes (62,238 gzip); it is 111,772 (36,002). The
 * shell and every remote share `react-router-browser.mjs` under the key `react-router-dom`
 * instead, at the package's own version; `NOT_SHARED` is what it leaves out, and a build that
 * imports one of those names from react-router-dom fails (ReactRouterBrowserPlugin) instead of
 * getting `undefined` at run time. react-router-browser.test.cjs checks that the two lists are
 * the package.
 */
const path = require('node:path');

/** The module shared under the key `react-router-dom`. */
const BROWSER_ENTRY = path.join(__dirname, 'react-router-browser.mjs');

/**
 * The request a build shares it by (resolve.alias maps it to BROWSER_ENTRY). A bare request, not
 * the path: a shared module given by path is put into every compilation of the build, child
 * compilations too (html-webpack-plugin's emitted a second copy of the router).
 */
const BROWSER_REQUEST = '@lms/react-router-browser';

/** react-router-dom's exports the portal does not share, by why. */
const NOT_SHARED = {
  'server rendering': [
    'ServerRouter',
    'StaticRouter',
    'StaticRouterProvider',
    'createRequestHandler',
    'createStaticHandler',
    'createStaticRouter',
    'unstable_RSCStaticRouter',
    'unstable_routeRSCServerRequest',
    'unstable_setDevServerHooks',
  ],
  'server sessions and cookies': [
    'createCookie',
    'createCookieSessionStorage',
    'createMemorySessionStorage',
    'createSession',
    'createSessionStorage',
    'isCookie',
    'isSession',
  ],
  'React Router’s framework build (a remote renders inside the portal’s router)': [
    'HydratedRouter',
    'Links',
    'Meta',
    'PrefetchPageLinks',
    'Scripts',
    'UNSAFE_RemixErrorBoundary',
    'UNSAFE_createClientRoutes',
    'UNSAFE_createClientRoutesWithHMRRevalidationOptOut',
    'UNSAFE_decodeViaTurboStream',
    'UNSAFE_getPatchRoutesOnNavigationFunction',
    'UNSAFE_getTurboStreamSingleFetchDataStrategy',
    'UNSAFE_useFogOFWarDiscovery',
  ],
  'tests (a remote’s tests import the package itself)': ['createRoutesStub'],
};

/** Name → why it is not shared. */
const notShared = new Map(
  Object.entries(NOT_SHARED).flatMap(([why, names]) => names.map((name) => [name, why])),
);

const PLUGIN = 'ReactRouterBrowserPlugin';

/**
 * Fails a build whose code imports from react-router-dom a name the portal does not share: named
 * imports, namespace members and re-exports (webpack records each as the dependency's `ids`).
 */
class ReactRouterBrowserPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        for (const module of modules) {
          for (const dependency of module.dependencies ?? []) {
            if (dependency.request !== 'react-router-dom' || !Array.isArray(dependency.ids)) {
              continue;
            }
            const name = dependency.ids[0];
            const why = notShared.get(name);
            if (!why) continue;
            const error = new compiler.webpack.WebpackError(
              `react-router-dom: '${name}' is not shared by the portal (${why}); ` +
                'a remote runs in the browser under the portal’s router ' +
                '(tools/webpack/react-router-browser.cjs)',
            );
            error.module = module;
            error.loc = dependency.loc;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

/**
 * resolve.alias for a production build: react-router's own production files. The package's
 * exports give only its development build (`dist/development`), whose every render of <Routes>
 * builds its warnings' messages (a parent route without "*", a leaf without an element) even when
 * none is printed; `dist/production` is the same code with those warnings off, so the minifier
 * drops them.
 */
function productionAliases() {
  const folder = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  const production = path.join(folder, 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

module.exports = {
  BROWSER_ENTRY,
  BROWSER_REQUEST,
  NOT_SHARED,
  ReactRouterBrowserPlugin,
  productionAliases,
};
