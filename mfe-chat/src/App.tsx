import './i18n';
import { PendingSection } from './components/PendingSection';

/** The chat area, /lms/chat. */
export default function App() {
  return <PendingSection titleKey="title" descriptionKey="description" />;
}
