/**
 * The build-time prerender's stand-in for style-loader: a stylesheet imported by a component is
 * collected (globalThis.__lmsPrerenderCss) instead of injected, and its CSS-module class names
 * are the module's default export, exactly as in the browser build.
 */
module.exports = function collectCssLoader() {};

module.exports.pitch = function pitch(request) {
  const css = JSON.stringify(this.utils.contextify(this.context, `!!${request}`));
  return `import content from ${css};
(globalThis.__lmsPrerenderCss ??= []).push(String(content));
export default content.locals || {};
`;
};
