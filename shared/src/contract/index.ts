export * from './envelope.js';
export * from './auth.js';
export * from './profile.js';
export * from './misc.js';
export * from './discipline.js';
export * from './passwd.js';
export * from './config.js';
