import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { lmsStore, useSession } from '@lms/shared';
import { serverUnreachableAtom } from '../features/offline';
import { PageLoading } from './PageLoading';

/** The authenticated shell: loading while the session is unknown, the login page without one. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const unreachable = useAtomValue(serverUnreachableAtom, { store: lmsStore });
  if (unreachable) return <Navigate to="/lms/offline" replace />;
  if (status === 'anonymous') return <Navigate to="/lms/login" replace />;
  if (status === 'unknown') return <PageLoading />;
  return children;
}
