import { useTranslation } from 'react-i18next';
import { useSession } from '@lms/shared';
import { useOutboxFlush } from '../../outbox';
import { NAMESPACE } from '../../../i18n';
import styles from '../../../components/Panes.module.css';
import { useLiveCounts } from '../api/useLiveCounts';
import { useUnreadTotal } from '../api/useUnread';

/** The total unread count, for the shell's menu; nothing when everything is read. */
export function UnreadBadge() {
  const { t } = useTranslation(NAMESPACE);
  const total = useUnreadTotal();
  useLiveCounts();
  // Always on screen beside the menu: messages written offline go as soon as the network is back,
  // whichever screen is open.
  useOutboxFlush(useSession().user?.uid);
  if (total <= 0) return null;
  return (
    <span
      className={styles.count}
      role="status"
      aria-label={t('unreadTotal', { count: total })}
      data-testid="chat-unread-total"
    >
      {total > 99 ? '99+' : total}
    </span>
  );
}
