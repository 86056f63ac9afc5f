import { Navigate } from 'react-router-dom';

/** `/`: the portal when the browser is online, the offline notice otherwise (spec §2). */
export function RootRedirect() {
  return <Navigate to={navigator.onLine ? '/lms' : '/lms/offline'} replace />;
}
