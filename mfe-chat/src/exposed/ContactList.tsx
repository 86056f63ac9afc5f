import '../i18n';
import { ContactList as Contacts } from '../features/contacts';

/** The shell's contact-list pane. */
export default function ContactList() {
  return <Contacts />;
}
