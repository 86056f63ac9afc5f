const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, {
  TextEncoder,
  TextDecoder,
  __APP_VERSION__: 'test',
  __LMS_SHARED_VERSIONS__: {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-router-dom': '7.18.5',
    '@lms/shared': '0.1.0',
  },
});
