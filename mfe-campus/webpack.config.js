const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'campus',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3010,
  title: 'Campus | portal (standalone)',
});
