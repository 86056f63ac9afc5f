import { SectionInProgress } from '@lms/shared';
import { NAMESPACE } from '../i18n';

/** The visit journal, /lms/journal. */
export default function App() {
  return <SectionInProgress remote={NAMESPACE} version={__APP_VERSION__} />;
}
