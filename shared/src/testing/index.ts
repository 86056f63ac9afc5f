// @lms/shared/testing: the test kit of the remotes' and the shell's jest suites. Never bundled:
// it exists as source only and jest maps the import to it.
export * from './axiosAdapter.js';
export * from './remote.js';
export * from './eventSource.js';
export * from './settled.js';
