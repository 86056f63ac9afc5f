import '../i18n';
import { UnreadBadge as Badge } from '../features/unread';

/** The total unread count, rendered by the shell beside its messages menu entry and tab. */
export default function UnreadBadge() {
  return <Badge />;
}
