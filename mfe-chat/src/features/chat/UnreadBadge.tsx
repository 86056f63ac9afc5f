import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { lmsStore } from '@lms/shared';
import { NAMESPACE } from '../../i18n';
import styles from './Panes.module.css';
import { totalUnreadAtom } from './state';
import { useChatSession } from './useChatSession';

/** The total unread count, for the shell's menu; nothing when everything is read. */
export function UnreadBadge() {
  const { t } = useTranslation(NAMESPACE);
  useChatSession();
  const total = useAtomValue(totalUnreadAtom, { store: lmsStore });
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
