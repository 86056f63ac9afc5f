const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'manual',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3011,
  title: 'Manual | portal (standalone)',
});
