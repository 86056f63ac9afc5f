import type { FastifyPluginAsync } from 'fastify';
import passwdRoutes from './passwd-routes.js';
import authRoutes from './routes.js';

/** The spec's URL prefixes of the area (spec §7). */
export const PREFIXES = { auth: '/lms/api/auth', passwd: '/lms/api/passwd' } as const;

export interface AuthAreaOptions {
  /** HMAC secret of known-device cookies (device-cookie.ts). */
  deviceSecret: string;
  secureCookies: boolean;
}

/** Sign-in, sign-out, the first-login change and recovery; the signed-in password change. */
const authArea: FastifyPluginAsync<AuthAreaOptions> = async (app, options) => {
  await app.register(authRoutes, { prefix: PREFIXES.auth, ...options });
  await app.register(passwdRoutes, { prefix: PREFIXES.passwd });
};

export default authArea;
