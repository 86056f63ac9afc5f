/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the
 * first line of every script of a production build, so the browser compiles each file's
 * functions while it downloads and streams the file, on a background thread, rather than each
 * function on the main thread the first time it is called.
 *
 * Without it, a function's first call stops the main thread to compile it: on the signed-in start
 * most of a page's main-thread script time was that (the federation runtime's and each module's
 * first run, React's first render), and on a phone's 4× slower CPU it made most of the blocking
 * time (docs/performance.md, "Compiled while downloaded"). Every script the portal loads is loaded
 * when it is about to run (the start's files, an area's code on its route, a pane's), so most of
 * a file's functions run soon after it arrives. Other browsers read the line as a comment.
 *
 * Runs after minification (the hint stays first, before the licence banner) and before the source
 * maps are written, so each map accounts for the line.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, HINT };
