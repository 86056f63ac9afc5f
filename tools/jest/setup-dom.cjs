require('@testing-library/jest-dom');

// findBy* and waitFor wait for what the user waits for (a heading, a row) up to 5 s, not the
// library's 1 s: on a machine shared with builds (CI has 2 cores) a first render of a screen
// with its requests can take longer, and a wait that is too short fails a test that is right.
// A test that waits for something that never comes still fails, within the 15 s test timeout.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
