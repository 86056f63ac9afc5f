import './i18n';
import { PendingSection } from './components/PendingSection';

/** Discipline registration, /lms/registration. */
export default function App() {
  return <PendingSection titleKey="title" descriptionKey="description" />;
}
