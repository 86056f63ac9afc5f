import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { lmsStore } from '@lms/shared';
import { activeTabAtom } from './tabs';

export const HOME_PATH = '/lms';
export const APPS_PATH = '/lms/apps';

/**
 * On a phone only one pane shows, so opening a screen must show the pane it renders in: the
 * applications route shows the apps pane, the side-pane module's route (the chat) the messages tab, any other screen but home
 * the content pane.
 */
export function useTabFollowsRoute(sidePath?: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const path = pathname.replace(/\/+$/, '');
    if (path === APPS_PATH) lmsStore.set(activeTabAtom, 3);
    else if (sidePath && path === sidePath) lmsStore.set(activeTabAtom, 2);
    else if (path !== HOME_PATH) lmsStore.set(activeTabAtom, 1);
  }, [pathname, sidePath]);
}
