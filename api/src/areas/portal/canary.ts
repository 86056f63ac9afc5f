import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasCanary, type CanaryUser, type Registry } from './remote-registry.js';

/**
 * The signed-in user a canary rollout asks about, or null: nobody signed in, or no canary in the
 * registry (then nobody's session or faculty is read).
 */
export async function canaryUserOf(
  app: FastifyInstance,
  request: FastifyRequest,
  registry: Registry,
): Promise<CanaryUser | null> {
  if (!hasCanary(registry)) return null;
  const user = await app.sessionUserOf(request);
  return user ? app.repos.canary.canaryUser(user.uid) : null;
}
