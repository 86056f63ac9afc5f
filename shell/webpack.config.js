const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const webpack = require('webpack');
const { createConfig } = require('../tools/webpack/create-config.cjs');

const portal = createConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  port: 3000,
  title: 'main page | portal',
  runtimePlugins: [
    path.join(__dirname, 'src', 'features', 'remotes', 'provideFederationRuntime.ts'),
  ],
});

/** Files of the shell's build the service worker keeps for offline starts. */
const PRECACHED = /\.(js|css|svg|png|webp|woff2?)$/;
const NOT_PRECACHED = /^(sw\.js|prerender)|\.LICENSE\.txt$/;

/** Collects the file names the shell's build emitted, for the service worker's build after it. */
class ShellAssetsPlugin {
  constructor() {
    this.files = [];
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('ShellAssetsPlugin', (compilation) => {
      this.files = Object.keys(compilation.assets)
        .filter((file) => PRECACHED.test(file) && !NOT_PRECACHED.test(file))
        .sort();
    });
  }
}

/**
 * The service worker (src/sw/service-worker.ts) is its own small build: one file, sw.js, served
 * with no-cache and `Service-Worker-Allowed: /lms/` so its scope is the whole portal. It carries
 * the list of the shell's files of this build, so each shell release is a new service worker.
 */
function serviceWorkerConfig(main, assets, production) {
  return {
    name: 'service-worker',
    dependencies: [main.name],
    mode: production ? 'production' : 'development',
    target: 'webworker',
    devtool: false,
    entry: { sw: path.join(__dirname, 'src', 'sw', 'service-worker.ts') },
    context: __dirname,
    output: { path: main.output.path, filename: 'sw.js', clean: false },
    resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('ts-loader'),
            options: {
              transpileOnly: true,
              configFile: path.join(__dirname, 'tsconfig.json'),
              compilerOptions: { noEmit: false },
            },
          },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __LMS_SHELL_ASSETS__: webpack.DefinePlugin.runtimeValue(
          () => JSON.stringify(assets.files),
          true,
        ),
      }),
    ],
    performance: { hints: false },
  };
}

module.exports = (env, argv) => {
  const configs = [portal(env, argv)].flat();
  const main = configs[0];
  main.name = 'shell';
  // sw.js is written by the build after this one into the same folder.
  main.output.clean = { keep: /^sw\.js$/ };
  const assets = new ShellAssetsPlugin();
  main.plugins.push(
    assets,
    new CopyPlugin({
      patterns: [{ from: path.join(__dirname, 'src', 'sw', 'icons'), to: 'icons' }],
    }),
  );
  const production = argv.mode !== 'development';
  return [...configs, serviceWorkerConfig(main, assets, production)];
};
