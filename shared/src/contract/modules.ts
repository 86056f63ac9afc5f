// Which of the registry's modules a user gets and which one a path shows: the shell lists and
// routes them, the API hints their files on the user's pages (api/src/areas/portal/route-preload.ts).
// Plain functions, no schemas: the browser bundles this file.
import { ROLE, type RoleId } from './constants.js';
import type { ModuleRole } from './config.js';

const ROLE_NAME: Record<RoleId, ModuleRole> = {
  [ROLE.teacher]: 'teacher',
  [ROLE.student]: 'student',
};

/**
 * Whom the portal's modules are for: a student, a teacher, or the registrar's office. Staff with
 * the registrar permission work the single window's queue; they get the registrar's modules, not
 * a teacher's journal, schedule and discipline lists (which would be empty for them).
 */
export function audiencesOf(user: { role: RoleId; registrarPerms?: boolean }): ModuleRole[] {
  return user.registrarPerms ? ['registrar'] : [ROLE_NAME[user.role]];
}

/** The module whose routes hold the path ('/lms/rooms/12' → the module routed at 'rooms'). */
export function moduleOfPath<M extends { routes: readonly string[] }>(
  modules: readonly M[],
  pathname: string,
): M | undefined {
  const segment = /^\/lms\/([^/]+)/.exec(pathname)?.[1];
  return segment ? modules.find((module) => module.routes.includes(segment)) : undefined;
}
