import './i18n';
import { ContactList as Contacts } from './features/contacts/ContactList';

/** The shell's contact-list pane. */
export default function ContactList() {
  return <Contacts />;
}
