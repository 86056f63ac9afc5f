import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '@lms/shared';
import { usePageTitle } from '../components/usePageTitle';
import { AppsPane, useRoleSettings } from '../features/apps';
import { dropPrerendered } from '../features/auth';
import { ShellGrid, TopBar, type MenuEntry } from '../features/layout';
import { Avatar, ProfileMenu, useProfileSummary } from '../features/profile';
import {
  modulePath,
  moduleWithPane,
  RemoteModule,
  useLocalized,
  usePortalModules,
} from '../features/remotes';
import { useAreaOnTap, usePrefetchAreas } from './prefetchHome';
import { PreviewBanner } from './PreviewBanner';
import { usePageName } from './usePageName';

/**
 * The authenticated shell: the grid with the profile menu, the side panes, the routed content
 * and the apps pane. What the menu lists and what the side panes show comes from the registry's
 * modules (the chat remote's discipline and contact lists, its unread badge). After sign-in it
 * loads what the panes show beside the session (spec §4): settings and config, photo, default
 * year, position.
 */
export function ShellLayout() {
  const { user } = useSession();
  const summary = useProfileSummary(user);
  useRoleSettings(user);
  usePageTitle(usePageName());
  const localized = useLocalized();
  const { modules, preview } = usePortalModules();
  // The areas' code while the user reads the home page: a tap on a tile waits only for data.
  usePrefetchAreas();
  // An area's code from the tap on its link, not from its route's render after it.
  useAreaOnTap();
  // The server's frame of the page (features/frame) gives way to the page as drawn here, in
  // the same paint: the content pane shows the same heading until the area's remote has come.
  useLayoutEffect(() => dropPrerendered(), []);

  const pane = (name: 'disciplines' | 'contacts' | 'badge', quiet = false) => {
    const found = moduleWithPane(modules, name);
    return found ? (
      <RemoteModule remote={found.module.remote} module={found.exposed} quiet={quiet} />
    ) : null;
  };
  const menu: MenuEntry[] = modules.flatMap((module) =>
    module.menu
      ? [
          {
            to: modulePath(module),
            label: localized(module.menu.labels),
            badge: module.panes?.badge ? (
              <RemoteModule remote={module.remote} module={module.panes.badge} quiet />
            ) : undefined,
          },
        ]
      : [],
  );
  const home = moduleWithPane(modules, 'home')?.module;
  const side = moduleWithPane(modules, 'disciplines') ?? moduleWithPane(modules, 'contacts');
  const sideModule = side?.module;

  return (
    <ShellGrid
      menu={
        <TopBar
          account={
            <Avatar size="small" fullName={user?.fullName ?? ''} photo={summary.photo} spoken />
          }
          entries={menu}
        />
      }
      banner={preview.length > 0 ? <PreviewBanner remotes={preview} /> : undefined}
      profile={<ProfileMenu summary={summary} />}
      disciplines={pane('disciplines')}
      contacts={pane('contacts')}
      content={<Outlet />}
      apps={<AppsPane />}
      tabs={{
        content: home?.menu ? localized(home.menu.labels) : undefined,
        contentPath: home ? modulePath(home) : undefined,
        side: sideModule
          ? {
              label: localized(sideModule.menu?.labels ?? sideModule.labels),
              path: modulePath(sideModule),
            }
          : undefined,
      }}
      messagesBadge={sideModule?.panes?.badge ? pane('badge', true) : undefined}
    />
  );
}
