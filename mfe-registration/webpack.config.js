const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'registration',
  exposes: {
    './App': './src/exposed/App.tsx',
  },
  port: 3005,
  title: 'Registration | portal (standalone)',
});
