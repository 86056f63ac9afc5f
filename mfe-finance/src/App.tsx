import './i18n';
import { useLocation } from 'react-router-dom';
import { areaFromPath } from './areas';
import { PendingSection } from './components/PendingSection';

/** One remote, several shell routes: payment code (/lms/paymentcode), document orders (/lms/singlewindow) and the transcript (/lms/transcript). */
export default function App() {
  const area = areaFromPath(useLocation().pathname);
  return <PendingSection titleKey={`${area}Title`} descriptionKey={`${area}Description`} />;
}
