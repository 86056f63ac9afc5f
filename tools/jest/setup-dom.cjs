require('@testing-library/jest-dom');

// findBy* and waitFor wait for what the user waits for (a heading, a row) until it comes: their
// own limit is set just under the test's (jest.config.cjs, 15 s), so the only bound is the test's
// and a wait does not depend on how fast the machine renders (CI has 2 cores shared with builds;
// the library's 1 s default failed right tests there). A wait for something that never comes
// still fails, with the page's DOM in its message.
require('@testing-library/react').configure({ asyncUtilTimeout: 14_000 });
