import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { CHAT_PAGE_SIZE, errorMessage, isUnreached, type SessionUser } from '@lms/shared';
import type { CurrentContact } from '../../chain';
import { subscribeLive } from '../../live';
import {
  newMessageKey,
  queueMessage,
  sendKeyedMessage,
  useOutboxFlush,
  useQueuedMessages,
  type QueuedMessage,
} from '../../outbox';
import { lowerUnread } from '../../unread';
import {
  conversationKeys,
  deleteMessage,
  markAllRead,
  markRead,
  newerMessages,
  olderMessages,
  openConversation,
  sendMessage,
  targetOf,
} from './messages';
import {
  concernsContact,
  conversationReducer,
  INITIAL_CONVERSATION,
  type ConversationAction,
  type ConversationState,
} from '../conversation';

/**
 * One open conversation: loading around the first unread, paging both ways, read marks as
 * messages become visible, sending, deleting, and live updates (spec §4).
 *
 * The message window lives in the server-state cache under the conversation's key, and every
 * change is the reducer applied to that entry: an answer that arrives after the user moved on
 * patches the old conversation's entry (already dropped), never the one on screen.
 */
export function useConversation(user: SessionUser, contact: CurrentContact) {
  const queryClient = useQueryClient();
  const target = useMemo(
    () => targetOf(user, contact.chain, { id: contact.id, group: contact.group }),
    [user, contact],
  );
  const key = useMemo(() => conversationKeys.one(user.uid, target), [user.uid, target]);
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      conversationReducer(INITIAL_CONVERSATION, {
        type: 'opened',
        page: await openConversation(target),
      }),
    // The window changes only by the actions below; opening the conversation again asks anew.
    staleTime: Infinity,
    gcTime: 0,
  });
  const state: ConversationState =
    query.data ??
    (query.isError
      ? { ...INITIAL_CONVERSATION, status: 'failed', error: errorMessage(query.error) }
      : { ...INITIAL_CONVERSATION, status: 'loading' });

  const current = useCallback(
    () => queryClient.getQueryData<ConversationState>(key),
    [queryClient, key],
  );
  const dispatch = useCallback(
    (action: ConversationAction) =>
      queryClient.setQueryData<ConversationState>(key, (window) =>
        window ? conversationReducer(window, action) : window,
      ),
    [queryClient, key],
  );
  // Requests under way, so a scroll burst asks each page once.
  const busy = useRef({ older: false, newer: false });
  const marked = useRef(new Set<number>());
  const place = useMemo(
    () => ({
      id_discipline: contact.chain.id_discipline,
      id_group: contact.group,
      contact: contact.id,
    }),
    [contact],
  );

  const loadOlder = useCallback(async () => {
    const window = current();
    const top = window?.messages[0]?.id_message;
    if (!window?.hasOlder || top === undefined || busy.current.older) return;
    busy.current.older = true;
    try {
      dispatch({
        type: 'older',
        messages: await olderMessages({ ...target, id_top_message: top }),
      });
    } finally {
      busy.current.older = false;
    }
  }, [current, dispatch, target]);

  /** Newer messages: a page while paging down, or everything new when something arrived. */
  const loadNewer = useCallback(
    async (paging: boolean) => {
      const window = current();
      if (window?.status !== 'ready' || busy.current.newer) return;
      // While older pages separate us from the end, live news wait for the user to page down.
      if (!paging && window.hasNewer) return;
      busy.current.newer = true;
      try {
        let last = window.messages[window.messages.length - 1]?.id_message ?? 0;
        for (;;) {
          const page = await newerMessages({ ...target, id_last_message: last });
          dispatch({ type: 'newer', messages: page, paging });
          if (paging || page.length < CHAT_PAGE_SIZE) break;
          last = page[page.length - 1]?.id_message ?? last;
        }
      } finally {
        busy.current.newer = false;
      }
    },
    [current, dispatch, target],
  );

  /** A message came into view: one read lowers the counts by 1. */
  const markVisible = useCallback(
    (id: number) => {
      const window = current();
      const message = window?.messages.find((m) => m.id_message === id);
      if (!window || !message || message.ismine || marked.current.has(id)) return;
      if (window.firstUnread === null || id < window.firstUnread) return;
      marked.current.add(id);
      markRead({ id_message: id }).then(
        () => {
          dispatch({ type: 'read', count: 1 });
          lowerUnread(queryClient, user.uid, place, 1);
        },
        () => marked.current.delete(id),
      );
    },
    [current, dispatch, queryClient, user.uid, place],
  );

  const readAll = useCallback(async () => {
    await markAllRead(target);
    dispatch({ type: 'read', count: 'all' });
    lowerUnread(queryClient, user.uid, place, 'all');
  }, [target, dispatch, queryClient, user.uid, place]);

  /**
   * Sends, shows the message at once, then reloads the newest page (spec §4). A text without a
   * network waits in the outbox ("not sent yet") under a key of its own, so however often it is
   * tried, the server stores it once; files need the network.
   */
  const conversationId = useMemo(() => JSON.stringify(key), [key]);
  const send = useCallback(
    async (text: string, files: readonly File[], onProgress: (percent: number) => void) => {
      let message;
      if (files.length === 0) {
        const queued: QueuedMessage = {
          key: newMessageKey(),
          uid: user.uid,
          conversation: conversationId,
          target,
          text,
          createdAt: Date.now(),
        };
        if (!navigator.onLine) {
          await queueMessage(queued);
          return null;
        }
        try {
          message = await sendKeyedMessage(target, text, queued.key);
        } catch (error) {
          // The server was not reached: the message waits in the outbox.
          if (!isUnreached(error)) throw error;
          await queueMessage(queued);
          return null;
        }
      } else {
        message = await sendMessage(target, text, files, onProgress);
      }
      dispatch({ type: 'sent', message });
      const page = await olderMessages({ ...target, id_top_message: message.id_message + 1 });
      dispatch({ type: 'reloaded', messages: page });
      return message;
    },
    [target, dispatch, user.uid, conversationId],
  );
  const queued = useQueuedMessages();
  const pending = useMemo(
    () => queued.filter((item) => item.uid === user.uid && item.conversation === conversationId),
    [queued, user.uid, conversationId],
  );
  const showSent = useCallback(
    (message: QueuedMessage) => {
      if (message.conversation === conversationId) void loadNewer(false).catch(() => undefined);
    },
    [conversationId, loadNewer],
  );
  useOutboxFlush(user.uid, showSent);

  /** Removes the message only when the server answers 1. */
  const remove = useCallback(
    async (id: number) => {
      const result = await deleteMessage({ id_message: id, uid: user.uid });
      if (result === 1) dispatch({ type: 'removed', id });
      return result === 1;
    },
    [user.uid, dispatch],
  );

  useEffect(
    () =>
      subscribeLive((signal) => {
        if (signal.type === 'catch-up') {
          void loadNewer(false).catch(() => undefined);
          return;
        }
        const { event } = signal;
        if (!concernsContact(event.conversation, user, contact)) return;
        if (event.kind === 'message') void loadNewer(false).catch(() => undefined);
        if (event.kind === 'deleted') dispatch({ type: 'removed', id: event.id_message });
      }),
    [loadNewer, dispatch, user, contact],
  );

  return { state, pending, loadOlder, loadNewer, markVisible, readAll, send, remove };
}
