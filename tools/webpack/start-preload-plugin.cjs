/**
 * The shell's page names the scripts its entry loads at once (`<link rel="preload">` after the
 * entry's script tag): the bootstrap and the shared libraries it runs on. Without it the browser
 * learns of them only once main.js has arrived and run, one round trip and main.js's start
 * later. They are the files of the chunk groups the entry opens directly (its `import()` of the
 * bootstrap, and each shared package it provides); the chunks those open later (an area's screens,
 * a fallback copy of a shared package) are not named.
 *
 * The build also writes start-files.json: those files (`start`) and the files of the chunk group
 * named `signed-in` (the signed-in layout, `signedIn`), which the API names in a signed-in
 * user's page (api/src/areas/portal/route-preload.ts): the shell asks for them only once it has
 * started and the session is known.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { JsonAssetPlugin } = require('./json-asset-plugin.cjs');

/** The JS files the entrypoint's child chunk groups are made of, in the order they are opened. */
function startFiles(compilation, entryName) {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const own = new Set(entry.chunks.flatMap((chunk) => [...chunk.files]));
  const files = new Set();
  for (const group of entry.getChildren()) {
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js') && !own.has(file)) files.add(file);
    }
  }
  return [...files];
}

/** The JS files of a named chunk group that the entry and its start do not already load. */
function groupFiles(compilation, groupName, loaded) {
  const group = compilation.namedChunkGroups.get(groupName);
  if (!group) return [];
  const files = new Set();
  for (const chunk of group.chunks) {
    for (const file of chunk.files) if (file.endsWith('.js') && !loaded.has(file)) files.add(file);
  }
  return [...files];
}

class StartPreloadPlugin {
  constructor({ entry = 'main', signedIn = 'signed-in' } = {}) {
    this.entry = entry;
    this.signedIn = signedIn;
  }

  apply(compiler) {
    // The start files of each compilation, read once for the page and start-files.json.
    const starts = new WeakMap();
    const startOf = (compilation) => {
      if (!starts.has(compilation)) starts.set(compilation, startFiles(compilation, this.entry));
      return starts.get(compilation);
    };
    new JsonAssetPlugin('start-files.json', (compilation) => {
      const start = startOf(compilation);
      const entry = compilation.entrypoints.get(this.entry);
      const loaded = new Set([...start, ...(entry?.chunks ?? []).flatMap((c) => [...c.files])]);
      const signedIn = groupFiles(compilation, this.signedIn, loaded);
      if (signedIn.length === 0) {
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `StartPreloadPlugin: no chunk group named '${this.signedIn}' (webpackChunkName)`,
          ),
        );
      }
      return { start, signedIn };
    }).apply(compiler);
    compiler.hooks.thisCompilation.tap('StartPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'StartPreloadPlugin',
        (data) => {
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '');
          const links = startOf(compilation).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
              // After what paints the page (its frame's images); they run after the paint anyway.
              fetchpriority: 'low',
            }),
          );
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }
}

module.exports = { StartPreloadPlugin };
