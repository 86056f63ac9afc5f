import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { lmsStore } from '@lms/shared';
import { activeTabAtom, type MobileTab } from './tabs';

export const HOME_PATH = '/lms';
export const APPS_PATH = '/lms/apps';
/** The shell's screens of the profile menu: no bottom tab stands for them. */
export const PROFILE_PATHS: readonly string[] = ['/lms/profile', '/lms/change-password'];

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || HOME_PATH;

/**
 * What a path is on a phone: home (the news and the apps), the side-pane module's route (the
 * chat), the applications, a screen of the profile menu, or an application's screen (opened from
 * the applications, so it belongs to that tab). The home page module's own route (the news)
 * stands under the content tab.
 */
export type PathKind = 'home' | 'content' | 'side' | 'apps' | 'profile' | 'app';

/** The routes the tabs stand for: the side-pane module's and the home page module's. */
export interface TabPaths {
  side?: string | undefined;
  content?: string | undefined;
}

export function kindOfPath(pathname: string, paths: TabPaths = {}): PathKind {
  const path = trimmed(pathname);
  if (path === HOME_PATH) return 'home';
  if (path === APPS_PATH) return 'apps';
  if (paths.side && path === paths.side) return 'side';
  if (paths.content && path === paths.content) return 'content';
  if (PROFILE_PATHS.includes(path)) return 'profile';
  return 'app';
}

/** The tab a route selects on arrival; null leaves the tab as it is (home keeps its choice). */
export function tabOfPath(kind: PathKind, current: MobileTab): MobileTab | null {
  switch (kind) {
    case 'apps':
    case 'app':
      return 3;
    case 'side':
      return 2;
    case 'content':
      return 1;
    case 'profile':
      return 4;
    case 'home':
      // Back home from a profile screen: the news, as on a first visit.
      return current === 4 ? 1 : null;
  }
}

/**
 * On a phone only one pane shows, so opening a screen must show the pane it renders in, and the
 * selected bottom tab must say where the user is: an application's screen is under
 * "applications", the chat under "messages", a profile screen under no tab.
 *
 * Gives the tab to show. Until the effect has selected the tab of a route just arrived at (or of
 * one whose meaning the registry has just told: the chat's route is an application's screen
 * until the registry names it the side panes' route), the tab shown is already the one it will
 * select: a render in between would make the pane of the tab left behind (a phone's deep link
 * to the chat, the news or the profile drew the whole applications pane, hidden, first).
 */
export function useTabFollowsRoute({ side, content }: TabPaths): MobileTab {
  const { pathname } = useLocation();
  const tab = useAtomValue(activeTabAtom, { store: lmsStore });
  const kind = kindOfPath(pathname, { side, content });
  const route = `${pathname}\n${side ?? ''}\n${content ?? ''}`;
  const followed = useRef<string | null>(null);
  useEffect(() => {
    followed.current = route;
    const next = tabOfPath(kind, lmsStore.get(activeTabAtom));
    if (next !== null) lmsStore.set(activeTabAtom, next);
  }, [route, kind]);
  return followed.current === route ? tab : (tabOfPath(kind, tab) ?? tab);
}
