import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeader, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { leaveConversation, useCurrentContact } from '../../chain';
import { useLiveCounts } from '../../unread';
import styles from './Conversation.module.css';
import { ConversationPane } from './ConversationPane';

/** /lms/chat: the message pane of the contact chosen in the contact list. */
export function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  useLiveCounts();
  const contact = useCurrentContact();
  const headingId = useId();

  // Leaving the chat clears the current contact. Deferred, and cancelled by a remount of the
  // same page (React's strict-mode check keeps refs across it), so that does not count as leaving.
  const pendingLeave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pendingLeave.current);
    return () => {
      pendingLeave.current = setTimeout(leaveConversation, 0);
    };
  }, []);

  if (!user) return null;
  if (!contact) {
    return (
      <section
        className={styles.pane}
        aria-labelledby={headingId}
        data-remote={NAMESPACE}
        data-remote-version={__APP_VERSION__}
      >
        <SectionHeader id={headingId} title={t('title')} />
        <p className={styles.hint}>{t('chooseContact')}</p>
      </section>
    );
  }
  return (
    <div data-remote={NAMESPACE} data-remote-version={__APP_VERSION__}>
      <ConversationPane
        key={`${contact.chain.year}:${contact.chain.ws}:${contact.chain.id_discipline}:${contact.group}:${contact.id}`}
        user={user}
        contact={contact}
      />
    </div>
  );
}
