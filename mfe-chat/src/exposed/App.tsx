import '../i18n';
import { ChatPage } from '../features/conversation';

/** The chat area, /lms/chat (on a phone, #messages). */
export default function App() {
  return <ChatPage />;
}
