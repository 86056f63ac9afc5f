import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { audiencesOf, lmsStore, moduleOfPath, useSession, type PortalModule } from '@lms/shared';
import { remoteRegistryAtom, type RegistryState } from './registry';

export type { PortalModule };
// Shared with the API, which hints a page's module files (the kit's contract/modules.ts).
export { audiencesOf, moduleOfPath };

export interface PortalModules {
  status: RegistryState['status'];
  /** The registry's modules the signed-in user's role may open, in the registry's order. */
  modules: readonly PortalModule[];
  /** Remotes this browser gets as a candidate release (a preview). */
  preview: readonly string[];
}

const NONE: readonly PortalModule[] = [];

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
