import type { SessionUser } from '@lms/shared/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../lib/http.js';

/** Who a request is: set by the session hook (areas/auth) from the session cookie. */
export interface AuthContext {
  user: SessionUser;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in user of a guarded route (the guard already ran). */
export function sessionUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new ApiError(401, MESSAGES.notAuthenticated);
  return request.auth.user;
}
