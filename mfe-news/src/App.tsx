import './i18n';
import { NewsFeed } from './features/news/components/NewsFeed';

/** The news area, /lms/news. */
export default function App() {
  return <NewsFeed variant="page" />;
}
