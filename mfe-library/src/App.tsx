import './i18n';
import { useLocation } from 'react-router-dom';
import { areaFromPath } from './areas';
import { PendingSection } from './components/PendingSection';

/** One remote, several shell routes: teaching materials (/lms/umk) and the e-library (/lms/library). */
export default function App() {
  const area = areaFromPath(useLocation().pathname);
  return <PendingSection titleKey={`${area}Title`} descriptionKey={`${area}Description`} />;
}
