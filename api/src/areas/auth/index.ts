// Auth: sign-in, sign-out, the first-login change, recovery and the password reset (spec §4).
export { default as authArea, type AuthAreaOptions } from './area.js';
export { hashPassword, passwordCost } from './password.js';
export {
  createUsersRepository,
  type AccountRecord,
  type UsersRepository,
} from './users-repository.js';
export {
  createSessionsRepository,
  hashToken,
  type SessionsRepository,
} from './sessions-repository.js';
export {
  createThrottleRepository,
  type ThrottleLimits,
  type ThrottleRepository,
} from './throttle-repository.js';
// Sessions: the session hook, the guards (`requireUser`, `requireRole`) and signing in and out.
export { default as sessionPlugin, type SessionOptions } from './session.js';
export type { ThrottleOptions } from './throttle-repository.js';
