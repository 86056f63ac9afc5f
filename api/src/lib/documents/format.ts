// The kit's formatter is the one way the portal writes dates, times, numbers and money in each
// language, the browser's screens and the server's documents alike. Its server entry is
// `@lms/shared/format` (no React); the boundary rule does not list that entry yet, so the
// documents reach it through this one module.
// eslint-disable-next-line lms/boundaries
export { formatterFor, type Format } from '@lms/shared/format';
