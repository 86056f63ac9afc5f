const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'journal',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3003,
  title: 'Journal | portal (standalone)',
});
