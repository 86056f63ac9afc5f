import { Provider } from 'jotai';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ConfirmHost, lmsStore, Notifications } from '@lms/shared';
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
    <Provider store={lmsStore}>
      <BrowserRouter>
        <AppFrame />
      </BrowserRouter>
    </Provider>
  );
}
