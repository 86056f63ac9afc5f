const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'library',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3004,
  title: 'Library | portal (standalone)',
});
