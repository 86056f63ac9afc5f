/**
 * The size budget of an app's initial JavaScript, gzip, checked in every production build: a
 * build over budget fails, naming the part over it and its largest chunks. Budgets live in
 * tools/webpack/size-budgets.json (one per app; docs/performance.md says how they were set).
 *
 * What counts as initial:
 * - the shell: its entry (main) and what the entry imports at once (the bootstrap, and the
 *   shared libraries it runs on), i.e. everything before the first screen renders;
 * - a remote: its remote entry, and the first chunks of each module it exposes (what a tap on
 *   its tile or a deep link loads before the area renders; the shared libraries come from the
 *   shell). Each exposed module is held to the budget on its own, with the remote entry.
 */
const zlib = require('node:zlib');
const fs = require('node:fs');
const path = require('node:path');

const BUDGETS_FILE = path.join(__dirname, 'size-budgets.json');

function readBudgets() {
  return JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
}

const isJs = (file) => file.endsWith('.js');

/** The JS files of a chunk group's chunks. */
function filesOf(group) {
  const files = new Set();
  for (const chunk of group.chunks) for (const file of chunk.files) if (isJs(file)) files.add(file);
  return files;
}

class SizeBudgetPlugin {
  /**
   * @param {object} options
   * @param {string} options.name  the app's federation name ('shell', 'news', ...)
   * @param {boolean} options.host true for the shell
   * @param {number} [options.budgetKb] the app's budget when it is not in size-budgets.json (a
   *        remote built outside the repository's list, e.g. one made by `npm run remote:new`)
   */
  constructor({ name, host, budgetKb }) {
    this.name = name;
    this.host = host;
    this.budgetKb = budgetKb;
  }

  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SizeBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, on the files as they ship.
        { name: 'SizeBudgetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const budgetKb = readBudgets()[this.name] ?? this.budgetKb;
          const gzipSize = (file) => {
            const asset = compilation.getAsset(file);
            return asset ? zlib.gzipSync(asset.source.buffer(), { level: 9 }).length : 0;
          };
          for (const part of this.parts(compilation)) {
            const sizes = [...part.files].map((file) => ({ file, bytes: gzipSize(file) }));
            const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
            const kb = (bytes) => (bytes / 1024).toFixed(1);
            const largest = sizes
              .sort((a, b) => b.bytes - a.bytes)
              .slice(0, 3)
              .map(({ file, bytes }) => `${file} ${kb(bytes)} KB`)
              .join(', ');
            const line = `${this.name} ${part.label}: initial JS ${kb(total)} KB gzip`;
            if (budgetKb === undefined) {
              compilation.errors.push(
                new WebpackError(`${line}, and no budget for "${this.name}" in ${BUDGETS_FILE}`),
              );
            } else if (total > budgetKb * 1024) {
              compilation.errors.push(
                new WebpackError(
                  `${line}, over its budget of ${budgetKb} KB (${BUDGETS_FILE}); largest: ${largest}`,
                ),
              );
            } else if (process.env.LMS_SIZE_REPORT) {
              console.log(`${line} (budget ${budgetKb} KB): ${largest}`);
            }
          }
        },
      );
    });
  }

  /** The initial parts of the build, each with its JS files. */
  parts(compilation) {
    if (this.host) {
      const entry = compilation.entrypoints.get('main');
      if (!entry) return [];
      const files = filesOf(entry);
      // The bootstrap the entry imports at once, and the shared libraries it consumes.
      for (const child of entry.getChildren()) {
        for (const file of filesOf(child)) files.add(file);
        for (const grandchild of child.getChildren()) {
          if (isSharedFallback(grandchild)) for (const file of filesOf(grandchild)) files.add(file);
        }
      }
      return [{ label: 'entry and bootstrap', files }];
    }
    const container = compilation.entrypoints.get(this.name);
    if (!container) return [];
    const entryFiles = filesOf(container);
    // The exposed modules' groups (requests like ./src/exposed/App.tsx); the others are the
    // remote's own copies of the shared libraries, which the shell provides instead.
    return container.getChildren().flatMap((group) => {
      const exposed = group.origins
        .map((origin) => origin.request)
        .find((request) => typeof request === 'string' && request.startsWith('./'));
      if (!exposed) return [];
      const files = new Set(entryFiles);
      for (const file of filesOf(group)) files.add(file);
      return [{ label: `remote entry + ${exposed}`, files }];
    });
  }
}

/** A chunk group made for a shared library's own copy (Module Federation's fallback). */
function isSharedFallback(group) {
  return group.origins.some(
    (origin) => origin.module && origin.module.constructor.name === 'ConsumeSharedModule',
  );
}

module.exports = { SizeBudgetPlugin, readBudgets, BUDGETS_FILE };
