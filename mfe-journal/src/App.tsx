import './i18n';
import { PendingSection } from './components/PendingSection';

/** The visit journal, /lms/journal. */
export default function App() {
  return <PendingSection titleKey="title" descriptionKey="description" />;
}
