/**
 * Emits one JSON asset: a value, or what a function of the compilation returns (read from the
 * compilation's chunks, say). Emitted early (stage ADDITIONAL); file names with a content hash
 * in it are brought up to date with the other assets by webpack's real content hash.
 */
class JsonAssetPlugin {
  /**
   * @param {string} fileName
   * @param {unknown | ((compilation: import('webpack').Compilation) => unknown)} value
   */
  constructor(fileName, value) {
    this.fileName = fileName;
    this.value = value;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('JsonAssetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'JsonAssetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const value = typeof this.value === 'function' ? this.value(compilation) : this.value;
          const json = `${JSON.stringify(value, null, 2)}\n`;
          compilation.emitAsset(this.fileName, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { JsonAssetPlugin };
