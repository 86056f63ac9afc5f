const { TextEncoder, TextDecoder } = require('node:util');
const v8 = require('node:v8');
Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  // Browsers have it, jsdom does not (IndexedDB stores values by it).
  structuredClone: globalThis.structuredClone ?? ((value) => v8.deserialize(v8.serialize(value))),
  __APP_VERSION__: 'test',
  __LMS_SHARED_VERSIONS__: {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-router-dom': '7.18.5',
    '@lms/shared': '0.1.0',
  },
});

// Before React and the app load: the test kit's settled() follows the short timers they set.
require('../../shared/src/testing/page-work.ts');
