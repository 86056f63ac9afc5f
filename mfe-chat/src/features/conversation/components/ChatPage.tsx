import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { leaveConversation, useCurrentContact } from '../../chain';
import { useLiveCounts } from '../../unread';
import { ConversationPane } from './ConversationPane';

/** /lms/chat: the message pane of the contact chosen in the contact list. */
export function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  useLiveCounts();
  const contact = useCurrentContact();

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
      <PageFrame
        remote={NAMESPACE}
        version={__APP_VERSION__}
        title={t('title')}
        description={t('chooseContact')}
      />
    );
  }
  return (
    <ConversationPane
      key={`${contact.chain.year}:${contact.chain.ws}:${contact.chain.id_discipline}:${contact.group}:${contact.id}`}
      user={user}
      contact={contact}
    />
  );
}
