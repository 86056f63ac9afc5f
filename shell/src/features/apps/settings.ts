import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { lmsStore, type SessionUser, type Settings } from '@lms/shared';
import { getSettings } from './api/settings';

/** The role's settings (spec §4: loaded after authenticate or authorize); null until loaded. */
export const settingsAtom = atom<Settings | null>(null);

/** Keeps settingsAtom in step with the session user; mounted once by the shell layout. */
export function useRoleSettings(user: SessionUser | null): Settings | null {
  useEffect(() => {
    lmsStore.set(settingsAtom, null);
    if (!user) return undefined;
    let active = true;
    getSettings(user.role)
      .then((settings) => {
        if (active) lmsStore.set(settingsAtom, settings);
      })
      // Without settings every built area stays open; the API still checks each call.
      .catch((error: unknown) => console.warn('Settings could not be loaded', error));
    return () => {
      active = false;
    };
  }, [user]);
  return useAtomValue(settingsAtom, { store: lmsStore });
}
