// One conversation (spec §4): the message pane, its composer and the conversation rules.
export { ChatPage } from './components/ChatPage';
