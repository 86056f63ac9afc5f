// CSS modules in tests: every class name maps to itself, so components keep stable selectors.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
