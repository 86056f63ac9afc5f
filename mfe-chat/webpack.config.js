const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'chat',
  exposes: {
    './App': './src/exposed/App.tsx',
    './DisciplineList': './src/exposed/DisciplineList.tsx',
    './ContactList': './src/exposed/ContactList.tsx',
    './UnreadBadge': './src/exposed/UnreadBadge.tsx',
  },
  port: 3002,
  title: 'Chat | portal (standalone)',
});
