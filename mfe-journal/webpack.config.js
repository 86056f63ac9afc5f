const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'journal',
  exposes: {
    './App': './src/App.tsx',
  },
  port: 3003,
  title: 'Journal | portal (standalone)',
});
