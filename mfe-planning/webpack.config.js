const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'planning',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3009,
  title: 'Quality and planning | portal (standalone)',
});
