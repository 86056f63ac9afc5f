import { useLocation } from 'react-router-dom';
import { areaFromPath } from '@lms/shared';
import '../i18n';
import { AREAS } from '../areas';
import { LibraryPage } from '../features/library';
import { UmkPage } from '../features/umk';

/**
 * One remote, two shell routes: teaching materials (/lms/umk) and the e-library (/lms/library).
 * Each screen is a kit PageFrame, which carries the remote's name and build version.
 */
export default function App() {
  const area = areaFromPath(useLocation().pathname, AREAS);
  return area === 'umk' ? <UmkPage /> : <LibraryPage />;
}
