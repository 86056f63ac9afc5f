import './i18n';
import { PendingSection } from './components/PendingSection';

/** The shell's contact-list pane. */
export default function ContactList() {
  return (
    <PendingSection titleKey="contactsTitle" descriptionKey="contactsDescription" variant="pane" />
  );
}
