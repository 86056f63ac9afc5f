const fs = require('node:fs');

/** One jest run for every browser-side package (shared, shell, every mfe-* remote) and the build tools; API tests run with node:test (see api/). */
const browserPackages = [
  'shared',
  'shell',
  ...fs
    .readdirSync(__dirname)
    .filter((name) => name.startsWith('mfe-'))
    .sort(),
];

/** The build tools' own tests (tools/webpack): plain Node, no DOM. */
const tools = {
  displayName: 'tools',
  rootDir: '<rootDir>/tools',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.cjs'],
};

/** The scaffold of a new remote (npm run remote:new), as generated: its own jest config. */
const scaffold = {
  displayName: 'sports-remote (scaffold)',
  ...require('./e2e/fixtures/sports-remote/jest.config.cjs'),
};

module.exports = {
  // A rendering test on a machine shared with builds (CI has 2 cores) may take more than the
  // default 5 s; a test that hangs still fails.
  testTimeout: 15_000,
  projects: browserPackages
    .map((name) => ({
      displayName: name,
      rootDir: `<rootDir>/${name}`,
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/../tools/jest/setup-globals.cjs'],
      setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup-dom.cjs'],
      transform: {
        '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.test.json' }],
      },
      moduleNameMapper: {
        '^@lms/shared$': '<rootDir>/../shared/src/index.ts',
        '^@lms/shared/contract$': '<rootDir>/../shared/src/contract/index.ts',
        '^@lms/shared/testing$': '<rootDir>/../shared/src/testing/index.ts',
        '\\.css$': '<rootDir>/../tools/jest/css-module.cjs',
        '\\.(png|svg|jpg)$': '<rootDir>/../tools/jest/file-stub.cjs',
        '^(\\.{1,2}/.*)\\.js$': '$1',
      },
    }))
    .concat(tools, scaffold),
};
