import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ConfirmHost, Notifications, PortalProviders, revalidateSession } from '@lms/shared';
import { UpdatePrompt } from '../features/app-update';
import { dropPrerendered } from '../features/auth';
import { framePending } from '../features/frame';
import { OfflineBanner, watchConnectivity } from '../features/offline';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { prefetchHome, whenVisitorActs } from './prefetchHome';
import { useSessionOnLoad } from './useSessionOnLoad';

const LOGIN_PATH = '/lms/login';
const OFFLINE_PATH = '/lms/offline';
/** The pages the shell's layout draws (RequireSession, ShellLayout: AppRoutes). */
const SHELL_PAGE = /^\/lms(\/|$)/;

/** Everything around the routes: session on load, connectivity, notifications, dialogs. */
export function AppFrame() {
  useSessionOnLoad();
  useEffect(() => watchConnectivity(), []);
  // A session shown from the offline copy is asked for again once the network is back.
  useEffect(() => {
    const revalidate = () => void revalidateSession();
    window.addEventListener('online', revalidate);
    return () => window.removeEventListener('online', revalidate);
  }, []);
  const { pathname } = useLocation();
  const onLogin = pathname === LOGIN_PATH;
  const inShell = SHELL_PAGE.test(pathname) && pathname !== OFFLINE_PATH;
  // index.html's prerendered login screen: the login form takes it over; any other page drops
  // it. A signed-in page's frame stays until the shell's page is drawn (ShellLayout drops it),
  // behind which the session check and the shell's code go on; a page outside the shell drops it.
  useLayoutEffect(() => {
    if (!onLogin && !(inShell && framePending())) dropPrerendered();
  }, [onLogin, inShell]);
  // What home needs loads while the visitor types (from their first key, press or tap).
  useEffect(() => (onLogin ? whenVisitorActs(prefetchHome) : undefined), [onLogin]);
  return (
    <AppErrorBoundary>
      <OfflineBanner />
      <AppRoutes />
      <Notifications />
      <ConfirmHost />
      <UpdatePrompt />
    </AppErrorBoundary>
  );
}

export function App() {
  return (
    <PortalProviders>
      <BrowserRouter>
        <AppFrame />
      </BrowserRouter>
    </PortalProviders>
  );
}
