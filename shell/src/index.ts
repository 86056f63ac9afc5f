// The async boundary lets Module Federation negotiate the shared singletons before any of them
// is evaluated (react, @lms/shared, ...).
//
// Every file the start needs is asked for at once; each library is evaluated as soon as its own
// files are in (its `import()` settles in the task its last file ran in), not all of them in one
// long task when the last file of the app has come: on a phone's CPU that task blocked taps for
// a quarter of a second. The libraries come first in the order they need each other.
void import('react-dom/client');
void import('react-router-dom');
void import('i18next');
void import('axios');
void import('@tanstack/react-query');
void import('@lms/shared');
void import('./bootstrap');
