const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'testing',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3007,
  title: 'Testing | portal (standalone)',
});
