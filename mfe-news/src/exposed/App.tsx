import '../i18n';
import { NewsFeed } from '../features/news';

/** The news area, /lms/news. */
export default function App() {
  return <NewsFeed variant="page" />;
}
