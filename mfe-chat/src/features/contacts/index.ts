// The contact list of the chain's current group (spec §2 Chat screen).
export { CHAT_PATH, ContactList } from './components/ContactList';
