import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  lmsStore,
  ROLE,
  useSession,
  type ModuleRole,
  type PortalModule,
  type RoleId,
} from '@lms/shared';
import { remoteRegistryAtom, type RegistryState } from './registry';

export type { PortalModule };

const ROLE_NAME: Record<RoleId, ModuleRole> = {
  [ROLE.teacher]: 'teacher',
  [ROLE.student]: 'student',
};

export interface PortalModules {
  status: RegistryState['status'];
  /** The registry's modules the signed-in user's role may open, in the registry's order. */
  modules: readonly PortalModule[];
  /** Remotes this browser gets as a candidate release (a preview). */
  preview: readonly string[];
}

const NONE: readonly PortalModule[] = [];

/**
 * Whom the portal's modules are for: a student, a teacher, or the registrar's office. Staff with
 * the registrar permission work the single window's queue; they get the registrar's modules, not
 * a teacher's journal, schedule and discipline lists (which would be empty for them).
 */
export function audiencesOf(user: { role: RoleId; registrarPerms?: boolean }): ModuleRole[] {
  return user.registrarPerms ? ['registrar'] : [ROLE_NAME[user.role]];
}

/** The modules of the registry for the current user (none before the registry or the session). */
export function usePortalModules(): PortalModules {
  const state = useAtomValue(remoteRegistryAtom, { store: lmsStore });
  const { user } = useSession();
  if (state.status !== 'ready') return { status: state.status, modules: NONE, preview: [] };
  const audiences = user ? audiencesOf(user) : [];
  const modules =
    audiences.length > 0
      ? state.registry.modules.filter((module) =>
          audiences.some((audience) => module.roles.includes(audience)),
        )
      : NONE;
  return { status: 'ready', modules, preview: state.registry.preview ?? [] };
}

/** The module whose routes hold the path ('/lms/rooms/12' → the module routed at 'rooms'). */
export function moduleOfPath(
  modules: readonly PortalModule[],
  pathname: string,
): PortalModule | undefined {
  const segment = /^\/lms\/([^/]+)/.exec(pathname)?.[1];
  return segment ? modules.find((module) => module.routes.includes(segment)) : undefined;
}

/** The module's own path: its first route. */
export const modulePath = (module: PortalModule): string => `/lms/${module.routes[0] ?? ''}`;

/** The first module that renders in a pane outside the content (home, side panes, badge). */
export function moduleWithPane(
  modules: readonly PortalModule[],
  pane: keyof NonNullable<PortalModule['panes']>,
): { module: PortalModule; exposed: string } | undefined {
  for (const module of modules) {
    const exposed = module.panes?.[pane];
    if (exposed) return { module, exposed };
  }
  return undefined;
}

/** A registry text (labels in kg, ru and en) in the interface language. */
export function useLocalized(): (labels: PortalModule['labels']) => string {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'ru').slice(0, 2);
  return (labels) =>
    language === 'kg' || language === 'en' || language === 'ru' ? labels[language] : labels.ru;
}
