import { useLocation } from 'react-router-dom';
import { areaFromPath } from '@lms/shared';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { AREAS } from '../areas';
import { LibraryPage } from '../features/library';
import { UmkPage } from '../features/umk';

/** One remote, two shell routes: teaching materials (/lms/umk) and the e-library (/lms/library). */
export default function App() {
  const area = areaFromPath(useLocation().pathname, AREAS);
  return (
    <div data-remote={NAMESPACE} data-remote-version={__APP_VERSION__}>
      {area === 'umk' ? <UmkPage /> : <LibraryPage />}
    </div>
  );
}
