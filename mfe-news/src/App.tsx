import './i18n';
import { PendingSection } from './components/PendingSection';

/** The news area, /lms/news. */
export default function App() {
  return <PendingSection titleKey="title" descriptionKey="description" />;
}
