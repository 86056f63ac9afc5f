import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { leaveConversation, useChain, useCurrentContact, type CurrentContact } from '../../chain';
import { useLiveCounts } from '../../unread';
import { ConversationPane } from './ConversationPane';

/** /lms/chat: the message pane of the contact chosen in the contact list. */
export function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  useLiveCounts();
  const contact = useCurrentContact();
  const where = useWhere(contact);

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
      where={where}
    />
  );
}

/**
 * Which discipline and group the conversation belongs to, in the reader's language (a teacher
 * writes to many groups of one discipline, and on a phone the contact list is out of sight).
 */
function useWhere(contact: CurrentContact | null): string | undefined {
  const { t } = useTranslation(NAMESPACE);
  const chain = useChain();
  if (!contact) return undefined;
  const discipline = chain.disciplines.find(
    (each) =>
      each.id_discipline === contact.chain.id_discipline &&
      each.isSelect === contact.chain.isSelect,
  )?.name;
  if (discipline === undefined) return undefined;
  const group = chain.groups.find((each) => each.id_group === contact.group)?.name;
  return group === undefined ? discipline : t('conversationWhere', { discipline, group });
}
