import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { lmsStore } from '../store.js';
import {
  NOTIFICATION_DURATION_MS,
  dismissNotification,
  notificationsAtom,
  type NotificationItem,
} from './notification-store.js';
import { useUiStyles } from './styles.js';

function Toast({ item }: { item: NotificationItem }) {
  const { t } = useTranslation(UI_NAMESPACE);
  // While the pointer or keyboard focus is on a message it stays, so it can be read to the end.
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => dismissNotification(item.id), NOTIFICATION_DURATION_MS);
    return () => clearTimeout(timer);
  }, [held, item.id]);

  return (
    <div
      className={`lms-ui-toast lms-ui-toast--${item.kind}`}
      data-kind={item.kind}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="lms-ui-toast__text">
        <p className="lms-ui-toast__message">{item.message}</p>
        {item.requestId && (
          <p className="lms-ui-state__request">{t('error.requestId', { id: item.requestId })}</p>
        )}
      </div>
      <button
        type="button"
        className="lms-ui-icon-button"
        aria-label={t('close')}
        onClick={() => dismissNotification(item.id)}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The host of notify(): mount it once per page (the shell does; a standalone remote too). The
 * live region is always present, so screen readers announce messages added to it.
 */
export function Notifications() {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const items = useAtomValue(notificationsAtom, { store: lmsStore });
  return (
    <div
      className="lms-ui-notifications"
      role="region"
      aria-label={t('notifications')}
      aria-live="polite"
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
