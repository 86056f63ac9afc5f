import { useAtomValue } from 'jotai';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore } from '@lms/shared';
import { NAMESPACE } from '../../i18n';
import styles from './Conversation.module.css';
import { currentContactAtom, leaveConversation } from '../chat/state';
import { useChatSession } from '../chat/useChatSession';
import { ConversationPane } from './ConversationPane';

let mounted = 0;

/** /lms/chat: the message pane of the contact chosen in the contact list. */
export function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useChatSession();
  const contact = useAtomValue(currentContactAtom, { store: lmsStore });
  const headingId = useId();

  // Leaving the chat clears the current contact. Deferred, so a remount in the same tick
  // (React's strict-mode check) does not count as leaving.
  useEffect(() => {
    mounted++;
    return () => {
      mounted--;
      setTimeout(() => {
        if (mounted === 0) leaveConversation();
      }, 0);
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
        <h2 id={headingId} className={styles.title}>
          {t('title')}
        </h2>
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
