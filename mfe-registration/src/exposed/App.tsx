import { SectionInProgress } from '@lms/shared';
import { NAMESPACE } from '../i18n';

/** Discipline registration, /lms/registration. */
export default function App() {
  return <SectionInProgress remote={NAMESPACE} version={__APP_VERSION__} />;
}
