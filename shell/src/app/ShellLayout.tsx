import { Outlet } from 'react-router-dom';
import { useSession } from '@lms/shared';
import { usePageTitle } from '../components/usePageTitle';
import { AppsPane, useRoleSettings } from '../features/apps';
import { ShellGrid, TopBar } from '../features/layout';
import { Avatar, ProfileMenu, useProfileSummary } from '../features/profile';
import { RemoteModule } from '../features/remotes';
import { usePageName } from './usePageName';

/**
 * The authenticated shell: the grid with the profile menu, the chat remote's discipline and
 * contact lists, the routed content and the apps pane. After sign-in it loads what the panes
 * show beside the session (spec §4): settings and config, photo, default year, position.
 */
export function ShellLayout() {
  const { user } = useSession();
  const summary = useProfileSummary(user);
  useRoleSettings(user);
  usePageTitle(usePageName());
  const messagesBadge = <RemoteModule remote="chat" module="./UnreadBadge" quiet />;

  return (
    <ShellGrid
      menu={
        <TopBar
          account={<Avatar size="small" fullName={user?.fullName ?? ''} photo={summary.photo} />}
          messagesBadge={messagesBadge}
        />
      }
      profile={<ProfileMenu summary={summary} />}
      disciplines={<RemoteModule remote="chat" module="./DisciplineList" />}
      contacts={<RemoteModule remote="chat" module="./ContactList" />}
      content={<Outlet />}
      apps={<AppsPane />}
      messagesBadge={messagesBadge}
    />
  );
}
