const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({
  dir: __dirname,
  name: 'chat',
  exposes: {
    './App': './src/App.tsx',
    './DisciplineList': './src/DisciplineList.tsx',
    './ContactList': './src/ContactList.tsx',
    './UnreadBadge': './src/UnreadBadge.tsx',
  },
  port: 3002,
  title: 'Chat | portal (standalone)',
});
