import './i18n';
import { PendingSection } from './components/PendingSection';

/** The news list of the shell's home content pane. */
export default function Feed() {
  return <PendingSection titleKey="feedTitle" descriptionKey="feedDescription" variant="pane" />;
}
