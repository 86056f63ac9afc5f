// The contact list of the chain's current group (spec §2 Chat screen).
export { ContactList } from './components/ContactList';
