import { useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { ConfirmHost, Notifications, PortalProviders, revalidateSession } from '@lms/shared';
import { UpdatePrompt } from '../features/app-update';
import { dropPrerendered } from '../features/auth';
import { OfflineBanner, watchConnectivity } from '../features/offline';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { prefetchHome, whenVisitorActs } from './prefetchHome';
import { useSessionOnLoad } from './useSessionOnLoad';

const LOGIN_PATH = '/lms/login';

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
  const onLogin = useLocation().pathname === LOGIN_PATH;
  // index.html's prerendered login screen: the login form takes it over; any other page drops it.
  useLayoutEffect(() => {
    if (!onLogin) dropPrerendered();
  }, [onLogin]);
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
