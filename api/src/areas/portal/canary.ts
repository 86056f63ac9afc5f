import type { SessionUser } from '@lms/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { CanaryFacultyRow, CanaryRepository } from './canary-repository.js';
import { hasCanary, type CanaryUser, type Registry } from './remote-registry.js';

/** What the canary's question needs: who signed the request in, and their faculty. */
export interface CanaryDeps {
  sessionUserOf: (request: FastifyRequest) => Promise<Pick<SessionUser, 'uid'> | null>;
  canary: CanaryRepository;
}

/**
 * The user as a canary sees them: their account and their faculty's id and short names
 * (Russian, Kyrgyz, English), lowercase.
 */
export function canaryUser(uid: number, row: CanaryFacultyRow | undefined): CanaryUser {
  const names = row?.id
    ? [String(row.id), row.short_name, row.short_name_kg, row.short_name_en]
    : [];
  return { uid, faculty: names.flatMap((name) => (name ? [name.toLowerCase()] : [])) };
}

/**
 * The signed-in user a canary rollout asks about, or null: nobody signed in, or no canary in the
 * registry (then nobody's session or faculty is read).
 */
export async function canaryUserOf(
  deps: CanaryDeps,
  request: FastifyRequest,
  registry: Registry,
): Promise<CanaryUser | null> {
  if (!hasCanary(registry)) return null;
  const user = await deps.sessionUserOf(request);
  return user ? canaryUser(user.uid, await deps.canary.faculty(user.uid)) : null;
}
