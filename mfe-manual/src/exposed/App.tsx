import { useLocation } from 'react-router-dom';
import { ManualScreen } from '../features/manual';
import '../i18n';

/** /lms/manual: the manual's contents; /lms/manual/<section>: one screen's help. */
export default function App() {
  const section = /^\/lms\/manual\/([^/]+)\/?$/.exec(useLocation().pathname)?.[1] ?? null;
  return <ManualScreen section={section} />;
}
