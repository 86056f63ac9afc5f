import { useLocation } from 'react-router-dom';
import { areaFromPath, SectionInProgress } from '@lms/shared';
import { AREAS } from '../areas';
import { NAMESPACE } from '../i18n';

/** One remote, several shell routes: payment code (/lms/paymentcode), document orders (/lms/singlewindow) and the transcript (/lms/transcript). */
export default function App() {
  const area = areaFromPath(useLocation().pathname, AREAS);
  return <SectionInProgress remote={NAMESPACE} version={__APP_VERSION__} area={area} />;
}
