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

/** Everything around the routes: session on load, connectivity, notifications, dialogs. */
export function AppFrame() {
  const { pathname } = useLocation();
  useSessionOnLoad(pathname);
  useEffect(() => watchConnectivity(), []);
  // A session shown from the offline copy is asked for again once the network is back.
  useEffect(() => {
    const revalidate = () => void revalidateSession();
    window.addEventListener('online', revalidate);
    return () => window.removeEventListener('online', revalidate);
  }, []);
  const onLogin = pathname === LOGIN_PATH;
  const offline = pathname === OFFLINE_PATH;
  // index.html's prerendered login screen: the login form takes it over; any other page drops
  // it. An area page's frame (written only for pages the shell's layout draws) stays until that
  // layout is drawn (ShellLayout drops it), behind which the session check and the shell's code
  // go on; the offline page, which the shell may turn to instead, drops it.
  useLayoutEffect(() => {
    if (!onLogin && (offline || !framePending())) dropPrerendered();
  }, [onLogin, offline]);
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
