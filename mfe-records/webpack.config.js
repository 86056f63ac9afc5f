const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'records',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3008,
  title: 'Academic record | portal (standalone)',
});
