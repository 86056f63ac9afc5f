const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'finance',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3006,
  title: 'Finance | portal (standalone)',
});
