import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ConfirmHost, Notifications, PortalProviders } from '@lms/shared';
import { OfflineBanner, watchConnectivity } from '../features/offline';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { useSessionOnLoad } from './useSessionOnLoad';

/** Everything around the routes: session on load, connectivity, notifications, dialogs. */
export function AppFrame() {
  useSessionOnLoad();
  useEffect(() => watchConnectivity(), []);
  return (
    <AppErrorBoundary>
      <OfflineBanner />
      <AppRoutes />
      <Notifications />
      <ConfirmHost />
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
