import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { lmsStore } from '../store.js';
import { queryClient } from './queryClient.js';

/**
 * The portal's state around a tree: the one jotai store and the one server-state cache. The
 * shell, a remote's standalone page and the remote test kit all render inside it.
 */
export function PortalProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={lmsStore}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
}
