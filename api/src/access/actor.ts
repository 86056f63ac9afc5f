import type { FastifyRequest } from 'fastify';
import { sessionUser } from './session-user.js';

/** The longest user agent kept for a change's author (the header has no limit of its own). */
const DEVICE_MAX_LENGTH = 300;

/**
 * Who makes a change, as the audit trail records it: the session's user and role, the client's
 * address and device (user agent) of the request. Made by the route (`actorOf(request)`) and
 * passed down to the service with the change, as the caller's identity is.
 */
export interface Actor {
  /** users.id; null for the portal itself (a waiting list's turn, a release from the console). */
  userId: number | null;
  role: number | null;
  address: string | null;
  device: string | null;
}

/** The signed-in caller of a guarded route as the author of a change. */
export function actorOf(request: FastifyRequest): Actor {
  const user = sessionUser(request);
  const agent = request.headers['user-agent'];
  return {
    userId: user.uid,
    role: user.role,
    address: request.ip || null,
    device: typeof agent === 'string' ? agent.slice(0, DEVICE_MAX_LENGTH) : null,
  };
}

/** The portal itself as the author (no request): `what` names the process, e.g. 'waitlist'. */
export function systemActor(what: string): Actor {
  return { userId: null, role: null, address: null, device: `portal:${what}` };
}
