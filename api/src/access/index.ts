// Who may do what to a record: every area asks here (docs/server-conventions.md).
export * from './records.js';
export * from './teaching.js';
export * from './session-user.js';
export * from './actor.js';
