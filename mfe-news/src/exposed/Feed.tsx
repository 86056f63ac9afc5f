import '../i18n';
import { NewsFeed } from '../features/news';

/** The news list of the shell's home content pane. */
export default function Feed() {
  return <NewsFeed variant="pane" />;
}
