import { useAtomValue } from 'jotai';
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { lmsStore, useSession } from '@lms/shared';
import { serverUnreachableAtom } from '../features/offline';
import { PageLoading } from './PageLoading';

/**
 * The authenticated shell: loading while the session is unknown, the login page without one
 * (which comes back here after signing in, e.g. to a QR check-in opened by a phone's camera).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  // The signed-in page (the layout, its panes and the area, their code loaded beside the session
  // check) is drawn as a transition: React renders it in slices and yields between them, not in
  // one long task the moment the session's answer comes.
  const status = useDeferredValue(useSession().status);
  const { pathname, search, hash } = useLocation();
  const unreachable = useAtomValue(serverUnreachableAtom, { store: lmsStore });
  if (unreachable) return <Navigate to="/lms/offline" replace />;
  if (status === 'anonymous') {
    return <Navigate to="/lms/login" replace state={{ from: `${pathname}${search}${hash}` }} />;
  }
  if (status === 'unknown') return <PageLoading />;
  return children;
}
