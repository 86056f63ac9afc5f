import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  confirm,
  FileIcon,
  GROUP_CHAT_ID,
  Loading,
  PageFrame,
  useFormat,
  type ChatMessage,
  type SessionUser,
  notifyFailure,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import type { CurrentContact } from '../../chain';
import { CHAT_PATH } from '../../contacts';
import { downloadUrl } from '../api/messages';
import { useConversation } from '../api/useConversation';
import { useFitOnPhone } from '../useFitOnPhone';
import { Composer } from './Composer';
import styles from './Conversation.module.css';

/** Within this distance of an edge, scrolling loads the next page that way. */
const EDGE_PX = 48;

interface Props {
  user: SessionUser;
  contact: CurrentContact;
  /** The conversation's discipline and group, under the title. */
  where?: string | undefined;
}

/** The message pane of one conversation (spec §2 Chat screen, §4 Chat). */
export function ConversationPane({ user, contact, where }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const { state, pending, loadOlder, loadNewer, markVisible, readAll, send, remove } =
    useConversation(user, contact);
  const list = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLFormElement>(null);
  const screen = useRef<HTMLDivElement>(null);
  const lastHeight = useRef(0);
  const nearBottom = useRef(true);
  const isGroup = contact.id === GROUP_CHAT_ID;

  // On a phone the list takes the room the screen leaves, so the composer stays in view.
  useFitOnPhone(screen, list, composer);

  // Scroll where the last change asks: the first unread, the end, or where the reader was.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const intent = state.scroll;
    if (intent?.kind === 'unread') {
      const target = element.querySelector<HTMLElement>(`[data-message-id="${intent.id}"]`);
      element.scrollTop = target ? target.offsetTop - 40 : element.scrollHeight;
    } else if (
      intent?.kind === 'bottom' ||
      (intent?.kind === 'keep-bottom' && nearBottom.current)
    ) {
      element.scrollTop = element.scrollHeight;
    } else if (intent?.kind === 'preserve-top') {
      element.scrollTop += element.scrollHeight - lastHeight.current;
    }
    lastHeight.current = element.scrollHeight;
  }, [state.messages, state.scroll]);

  // A message written offline waits at the end of the list: its writer sees it there.
  const pendingCount = useRef(pending.length);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && pending.length > pendingCount.current) element.scrollTop = element.scrollHeight;
    pendingCount.current = pending.length;
  }, [pending.length]);

  // Opened from a contact list further down the page: bring the conversation into view.
  useEffect(() => {
    const element = screen.current;
    if (element && element.getBoundingClientRect().top < 0) element.scrollIntoView?.();
  }, []);

  // Unread messages count as read once they are seen.
  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === 'undefined' || state.firstUnread === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          markVisible(Number((entry.target as HTMLElement).dataset.messageId));
          observer.unobserve(entry.target);
        }
      },
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('[data-unread="true"]').forEach((node) => observer.observe(node));
    return () => observer.disconnect();
  }, [state.messages, state.firstUnread, markVisible]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    nearBottom.current = fromBottom < EDGE_PX;
    if (element.scrollTop < EDGE_PX && state.hasOlder) void loadOlder().catch(() => undefined);
    if (nearBottom.current && state.hasNewer) void loadNewer(true).catch(() => undefined);
  };

  const askDelete = async (message: ChatMessage) => {
    if (!(await confirm(t('deleteConfirm')))) return;
    try {
      await remove(message.id_message);
    } catch (error) {
      notifyFailure(error, (message) => t('deleteFailed', { message }));
    }
  };

  const isUnread = (message: ChatMessage) =>
    !message.ismine && state.firstUnread !== null && message.id_message >= state.firstUnread;

  const title = t('messagesOf', { name: contact.name });
  return (
    <div ref={screen} className={styles.screen} data-conversation={contact.id}>
      {/* On a phone the conversation is a screen of its own: this leads back to the list. */}
      <Link to={CHAT_PATH} className={styles.back}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('backToContacts')}
      </Link>
      <PageFrame
        remote={NAMESPACE}
        version={__APP_VERSION__}
        title={title}
        description={where}
        className={styles.frame}
        actions={
          state.unreadTotal > 0 && (
            <button type="button" className={styles.link} onClick={() => void readAll()}>
              {t('readAll')}
            </button>
          )
        }
      >
        <div
          ref={list}
          className={styles.list}
          onScroll={onScroll}
          role="log"
          aria-live="polite"
          aria-label={title}
          tabIndex={0}
        >
          {state.status === 'loading' && <Loading />}
          {state.status === 'failed' && (
            <p className={styles.error} role="alert">
              {t('loadError', { message: state.error })}
            </p>
          )}
          {state.status === 'ready' && state.hasOlder && (
            <button
              type="button"
              className={`${styles.link} ${styles.pager}`}
              onClick={() => void loadOlder().catch(() => undefined)}
            >
              {t('older')}
            </button>
          )}
          {state.status === 'ready' && state.messages.length === 0 && (
            <p className={styles.empty}>{t('noMessages')}</p>
          )}
          {state.messages.map((message) => (
            <Fragment key={message.id_message}>
              {message.id_message === state.firstUnread && (
                <div className={styles.divider} role="separator">
                  {t('newMessages')}
                </div>
              )}
              <article
                className={message.ismine ? `${styles.message} ${styles.mine}` : styles.message}
                data-message-id={message.id_message}
                data-unread={isUnread(message)}
              >
                {isGroup && (
                  <span className={styles.author}>{message.ismine ? t('you') : message.fio}</span>
                )}
                {message.message && <p className={styles.text}>{message.message}</p>}
                {message.files.length > 0 && (
                  <ul className={styles.files}>
                    {message.files.map((name) => (
                      <li key={name}>
                        {/* Named by the file name it shows; CSS cuts a long one. */}
                        <a
                          href={downloadUrl(message.id_message, name)}
                          download={name}
                          title={name}
                        >
                          <FileIcon fileName={name} size={20} />
                          <span className={styles.fileName}>{name}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <div className={styles.meta}>
                  <time dateTime={new Date(message.created).toISOString()}>
                    {format.dateTime(message.created)}
                  </time>
                  {message.ismine && (
                    <button
                      type="button"
                      className={styles.remove}
                      onClick={() => void askDelete(message)}
                    >
                      {t('delete')}
                    </button>
                  )}
                </div>
              </article>
            </Fragment>
          ))}
          {/* Written without a network: they go, in this order, once it is back. */}
          {pending.map((item) => (
            <article
              key={item.key}
              className={`${styles.message} ${styles.mine} ${styles.pending}`}
              data-pending=""
            >
              <p className={styles.text}>{item.text}</p>
              <div className={styles.meta}>
                <span className={styles.notSent}>{t('notSent')}</span>
              </div>
            </article>
          ))}
          {state.status === 'ready' && state.hasNewer && (
            <button
              type="button"
              className={`${styles.link} ${styles.pager}`}
              onClick={() => void loadNewer(true).catch(() => undefined)}
            >
              {t('newer')}
            </button>
          )}
        </div>
        <Composer formRef={composer} onSend={send} />
      </PageFrame>
    </div>
  );
}
