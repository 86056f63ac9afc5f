const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'news',
  exposes: {
    './App': './src/exposed/App.tsx',
    './Feed': './src/exposed/Feed.tsx',
  },
  port: 3001,
  title: 'News | portal (standalone)',
});
