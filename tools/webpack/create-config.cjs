/**
 * The one webpack 5 + Module Federation config factory. The shell and every remote call it
 * from a few-line webpack.config.js; the policy for shared singletons lives only here.
 */
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { CompileHintsPlugin } = require('./compile-hints-plugin.cjs');
const { JsonAssetPlugin } = require('./json-asset-plugin.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const {
  BROWSER_ENTRY,
  BROWSER_REQUEST,
  ReactRouterBrowserPlugin,
  productionAliases,
} = require('./react-router-browser.cjs');
const { SizeBudgetPlugin } = require('./size-budget-plugin.cjs');
const { StartPreloadPlugin } = require('./start-preload-plugin.cjs');

/** Everything the portal shares as a single copy across the shell and all remotes. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  'i18next',
  'react-i18next',
  'axios',
  '@tanstack/react-query',
  '@lms/shared',
];

/**
 * Singletons a build gives as a module of the portal's own instead of the package's entry:
 * react-router-dom as its browser API (react-router-browser.cjs; resolve.alias maps the request).
 */
const SHARED_AS = { 'react-router-dom': BROWSER_REQUEST };

/**
 * The federation runtime (the kit's FEDERATION_RUNTIME; this file is CommonJS and cannot import
 * the kit). The shell carries it and gives it to the remotes (its runtime plugin,
 * shell/src/features/remotes/provideFederationRuntime.ts); a remote's production build takes it
 * from there (`externalRuntime`) instead of carrying its own copy in its remoteEntry.js, and its
 * manifest says so (`metaData.requires`), so a shell that does not give it refuses the remote
 * instead of running it. A remote's development build (its standalone page) keeps its own copy.
 */
const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/** The API the dev servers forward to (the same Fastify server that serves production). */
const API_ORIGIN = process.env.LMS_API_ORIGIN || 'http://localhost:8080';

/** The installed version of a package as the app resolves it (node_modules up from its folder). */
function installedVersion(dir, name) {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/**
 * What the shell gives every remote: the version of each singleton and of the federation
 * runtime. Compiled into the shell (it checks a remote's manifest before mounting it) and
 * written to its build as shared-versions.json (scripts/remote-release.mjs checks a build
 * before deploying it).
 */
function sharedVersions(dir) {
  const versions = {};
  for (const name of [...SINGLETONS, FEDERATION_RUNTIME]) {
    const version = installedVersion(dir, name);
    if (version) versions[name] = version;
  }
  return versions;
}

/**
 * What a build asks of each singleton: its package.json range, except the kit, which it asks
 * for at the version it was built with (`^<built>`): a remote built against a newer kit needs
 * that kit's additions, and remote:deploy and the shell refuse it where the kit is older.
 * `kitRange` replaces that (a build that states another requirement on purpose).
 */
function sharedModules(dir, dependencies, fallbacks = true, kitRange = undefined) {
  const shared = {};
  const add = (key, pkgName) => {
    const requiredVersion =
      pkgName === '@lms/shared' && kitRange ? kitRange : dependencies[pkgName];
    if (!requiredVersion) {
      throw new Error(`${pkgName} must be a dependency of the app to be shared`);
    }
    // A build gives its own copy (unless it has none), through the module of SHARED_AS if any,
    // at the package's version.
    const own = SHARED_AS[key];
    const copy = own ? { import: own, version: installedVersion(dir, pkgName) } : {};
    shared[key] = { singleton: true, requiredVersion, ...(fallbacks ? copy : { import: false }) };
  };
  for (const name of SINGLETONS) add(name, name);
  // Trailing-slash keys share deep imports (react/jsx-runtime, react-dom/client) as singletons;
  // react-dom/client holds the renderer under React 19, so it is listed on its own as well.
  add('react/', 'react');
  add('react-dom/', 'react-dom');
  add('react-dom/client', 'react-dom');
  return shared;
}

/**
 * CSS: modules prefixed with the app name, plain stylesheets global; `styleLoader` puts them on
 * the page. `sourceMap` only in development: in a production bundle css-loader's maps (with the
 * whole stylesheet again as their source) would ship inside the JavaScript every user loads.
 */
function styleRules(name, styleLoader, sourceMap = false) {
  return [
    {
      test: /\.module\.css$/,
      use: [
        styleLoader,
        {
          loader: require.resolve('css-loader'),
          options: {
            sourceMap,
            modules: {
              // The app name prefixes every class, so no remote can restyle another.
              localIdentName: `${name}__[local]__[hash:base64:5]`,
              namedExport: false,
              exportLocalsConvention: 'as-is',
            },
          },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [styleLoader, { loader: require.resolve('css-loader'), options: { sourceMap } }],
    },
  ];
}

/**
 * Every app bundles `@lms/shared` from its build (shared/dist). `npm run build` builds it first;
 * building one app alone on a fresh clone builds it here once, so `npm run build -w mfe-news` works.
 */
function ensureSharedBuilt() {
  const repoRoot = path.join(__dirname, '..', '..');
  if (fs.existsSync(path.join(repoRoot, 'shared', 'dist', 'index.js'))) return;
  execSync('npm run build -w shared', { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * The kit version a build requires: the one it is built with (the installed kit, or
 * LMS_KIT_VERSION), unless `dependencies` passed to createConfig state another range for
 * @lms/shared than package.json does.
 */
function kitRequirement(dir, pkg, dependencies) {
  const declared = pkg.dependencies?.['@lms/shared'];
  const stated = dependencies?.['@lms/shared'];
  if (stated && stated !== declared) return stated;
  // LMS_KIT_VERSION: the kit version a build is made against when it is not the installed one.
  const built = process.env.LMS_KIT_VERSION || installedVersion(dir, '@lms/shared');
  return built ? `^${built}` : undefined;
}

/**
 * @param {object} options
 * @param {string} options.dir        the app folder (__dirname of its webpack.config.js)
 * @param {string} options.name       federation name: 'shell' or the remote's name ('news', ...)
 * @param {boolean} [options.host]    true for the shell
 * @param {Record<string,string>} [options.exposes] modules a remote exposes
 * @param {number} options.port       dev-server port (standalone runs)
 * @param {string} options.title      page title of the app's own index.html
 * @param {Record<string,string>} [options.dependencies] replaces package.json's dependencies
 *        (the versions the build requires of the shared singletons)
 * @param {boolean | 'development'} [options.sharedFallbacks] false: no own copy of the singletons
 *        (a remote that only ever runs inside the portal; no standalone page, a much smaller and
 *        faster build); 'development': own copies only in development (the standalone page of
 *        `npm start`), none in a production build, which only runs inside the portal
 * @param {string[]} [options.runtimePlugins] the shell's federation runtime plugins (files)
 * @param {number} [options.sizeBudgetKb] the initial JS budget (KB gzip) of an app that is not
 *        in tools/webpack/size-budgets.json (a remote made by `npm run remote:new`)
 *
 * A remote's `module.json` (the modules it adds to the portal: routes, tile, roles, ...) is
 * copied into its build, where scripts/remote-release.mjs reads it.
 */
function createConfig({
  dir,
  name,
  host = false,
  exposes = {},
  port,
  title,
  dependencies,
  sharedFallbacks = true,
  runtimePlugins = [],
  sizeBudgetKb,
}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const version = process.env.APP_VERSION || pkg.version;
  const moduleFile = path.join(dir, 'module.json');

  return (_env, argv) => {
    ensureSharedBuilt();
    const production = argv.mode !== 'development';
    const localesDir = path.join(dir, 'src', 'locales');
    // A remote's production build takes the shell's federation runtime (see FEDERATION_RUNTIME).
    const externalRuntime = !host && production;
    const runtimeVersion = externalRuntime ? installedVersion(dir, FEDERATION_RUNTIME) : undefined;
    if (externalRuntime && !runtimeVersion) {
      throw new Error(`${FEDERATION_RUNTIME} is not installed`);
    }
    const config = {
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: path.join(dir, 'src', 'index.ts') },
      context: dir,
      output: {
        // APP_OUTPUT_DIR builds a release somewhere else (a deploy candidate) without touching dist/.
        path: process.env.APP_OUTPUT_DIR
          ? path.resolve(process.env.APP_OUTPUT_DIR)
          : path.join(dir, 'dist'),
        // The host is served from a fixed path so deep links (/lms/news) load; remotes use
        // 'auto' so they work from any origin or versioned folder.
        publicPath: host ? '/lms/public/shell/' : 'auto',
        filename: production ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: {
          [`${BROWSER_REQUEST}$`]: BROWSER_ENTRY,
          ...(production ? productionAliases() : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader'),
              options: {
                transpileOnly: true,
                configFile: path.join(dir, 'tsconfig.json'),
                compilerOptions: { noEmit: false },
              },
            },
          },
          ...styleRules(name, require.resolve('style-loader'), !production),
          { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          __APP_VERSION__: JSON.stringify(version),
          ...(host ? { __LMS_SHARED_VERSIONS__: JSON.stringify(sharedVersions(dir)) } : {}),
        }),
        ...(host ? [new JsonAssetPlugin('shared-versions.json', sharedVersions(dir))] : []),
        new ModuleFederationPlugin({
          name,
          ...(host ? {} : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(
            dir,
            dependencies || pkg.dependencies || {},
            sharedFallbacks === 'development' ? !production : sharedFallbacks,
            kitRequirement(dir, pkg, dependencies),
          ),
          shareStrategy: 'loaded-first',
          // A remote's manifest says what its build takes from the shell besides its shared
          // modules (metaData.requires: the runtime at the version it was built with).
          manifest: host
            ? false
            : externalRuntime
              ? {
                  additionalData: ({ stats }) => {
                    stats.metaData.requires = { [FEDERATION_RUNTIME]: `^${runtimeVersion}` };
                    return stats;
                  },
                }
              : true,
          dts: false,
          // The shell gives its runtime to the remotes (its runtime plugin sets the global a
          // remote built with externalRuntime reads).
          ...(host && runtimePlugins.length > 0 ? { runtimePlugins } : {}),
          ...(externalRuntime ? { experiments: { externalRuntime: true } } : {}),
        }),
        // A name of react-router-dom the portal does not share fails the build.
        new ReactRouterBrowserPlugin(),
        new HtmlWebpackPlugin({
          template: fs.existsSync(path.join(dir, 'public', 'index.html'))
            ? path.join(dir, 'public', 'index.html')
            : path.join(__dirname, 'index.html'),
          title,
          standaloneDevPage: !host && !production,
          // The portal is installable as an app (served by the API: areas/portal/web-app-manifest.ts).
          webAppManifest: host ? '/lms/manifest.webmanifest' : '',
          chunks: ['main'],
          favicon: path.join(__dirname, 'favicon.svg'),
        }),
        // The shell's page asks for its start scripts with the entry, not after it has run.
        ...(host && production ? [new StartPreloadPlugin()] : []),
        ...(fs.existsSync(localesDir) || (!host && fs.existsSync(moduleFile))
          ? [
              new CopyPlugin({
                patterns: [
                  ...(fs.existsSync(localesDir) ? [{ from: localesDir, to: 'locales' }] : []),
                  ...(!host && fs.existsSync(moduleFile) ? [{ from: moduleFile, to: '.' }] : []),
                ],
              }),
            ]
          : []),
        // Each script compiled while it downloads, off the main thread (V8's compile hint).
        ...(production ? [new CompileHintsPlugin()] : []),
        // APP_PRECOMPRESS=0 leaves out the .br/.gz twins (a quick throwaway build, e.g. in tests).
        ...(production && process.env.APP_PRECOMPRESS !== '0' ? [new PrecompressPlugin()] : []),
        // Initial JS over the app's budget (tools/webpack/size-budgets.json) fails the build.
        ...(production ? [new SizeBudgetPlugin({ name, host, budgetKb: sizeBudgetKb })] : []),
      ],
      optimization: host ? {} : { runtimeChunk: false },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: host ? { index: '/lms/public/shell/index.html' } : true,
        devMiddleware: host ? { publicPath: '/lms/public/shell/' } : {},
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        client: { overlay: false },
        proxy: [
          {
            context: [
              '/lms/api',
              '/lms/config.json',
              '/lms/logo.json',
              '/lms/remotes.json',
              '/lms/locales',
              '/lms/public',
            ],
            target: API_ORIGIN,
            changeOrigin: false,
          },
        ],
      },
    };
    const prerenderEntry = path.join(dir, 'src', 'prerender.tsx');
    if (!host || !production || !fs.existsSync(prerenderEntry)) return config;
    return [config, prerenderConfig({ dir, name, version, entry: prerenderEntry })];
  };
}

/** Where the host's prerender bundle is written (outside dist: it never ships). */
const prerenderOutput = (dir) => path.join(dir, 'node_modules', '.cache', 'lms-prerender');

/**
 * The host's build-time prerender (src/prerender.tsx): the same components, CSS-module class
 * names and asset URLs as the browser build, compiled for Node. tools/webpack/prerender-html.cjs
 * runs it after the build and writes its markup and styles into index.html.
 */
function prerenderConfig({ dir, name, version, entry }) {
  return {
    name: 'prerender',
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { prerender: entry },
    context: dir,
    output: {
      path: prerenderOutput(dir),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/lms/public/shell/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader'),
            options: {
              transpileOnly: true,
              configFile: path.join(dir, 'tsconfig.json'),
              compilerOptions: { noEmit: false },
            },
          },
        },
        ...styleRules(name, require.resolve('./collect-css-loader.cjs')),
        // The same file names as the browser build's assets; that build emits them.
        {
          test: /\.(png|svg|jpe?g|webp)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version) })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

module.exports = { createConfig, sharedVersions, SINGLETONS, prerenderOutput };
