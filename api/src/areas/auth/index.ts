// Auth: sign-in, sign-out, the first-login change, recovery and the password reset (spec §4).
import { area } from '../../lib/plugin.js';
import authRoutes, { type AuthAreaOptions } from './area.js';
import sessionPlugin, { type SessionOptions } from './session.js';
import { createSessionsRepository, type SessionsRepository } from './sessions-repository.js';
import {
  createThrottleRepository,
  type ThrottleOptions,
  type ThrottleRepository,
} from './throttle-repository.js';
import { createUsersRepository, type UsersRepository } from './users-repository.js';

export type { AuthAreaOptions } from './area.js';
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
export { createThrottleRepository, type ThrottleRepository } from './throttle-repository.js';
export type { SessionOptions } from './session.js';
export { sessionUserOf } from './wire.js';
export type { ThrottleOptions } from './throttle-repository.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    users: UsersRepository;
    sessions: SessionsRepository;
    throttle: ThrottleRepository;
  }
}

/**
 * Auth: the accounts, sessions and sign-in throttling (`app.repos.users`, `.sessions`,
 * `.throttle`), the session hook with its guards (`app.requireUser`, `app.requireRole`, for
 * every area), and the sign-in and password routes.
 */
export const authArea = area(
  'auth',
  { dependencies: ['repositories', 'xsrf'] },
  async (app, options: AuthAreaOptions & SessionOptions & { throttle: ThrottleOptions }) => {
    app.repos.users = createUsersRepository(app.db.kysely);
    app.repos.sessions = createSessionsRepository(app.db.kysely);
    app.repos.throttle = createThrottleRepository(app.db.kysely, options.throttle);
    await app.register(sessionPlugin, options);
    await app.register(authRoutes, options);
  },
);
