import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage, type SessionUser } from '@lms/shared';
import * as api from '../chat/api';
import { PAGE_SIZE } from '../chat/api';
import { lowerUnread, type CurrentContact } from '../chat/state';
import { subscribeLive } from '../live/liveEvents';
import { concernsContact, conversationReducer, INITIAL_CONVERSATION } from './conversation';

/**
 * One open conversation: loading around the first unread, paging both ways, read marks as
 * messages become visible, sending, deleting, and live updates (spec §4).
 */
export function useConversation(user: SessionUser, contact: CurrentContact) {
  const [state, dispatch] = useReducer(conversationReducer, INITIAL_CONVERSATION);
  const target = api.targetOf(user, contact.chain, { id: contact.id, group: contact.group });
  const targetKey = JSON.stringify(target);
  // The latest state for callbacks that outlive a render (events, observers).
  const latest = useRef(state);
  latest.current = state;
  const busy = useRef({ older: false, newer: false });
  const marked = useRef(new Set<number>());
  const openId = useRef(0);

  useEffect(() => {
    const id = ++openId.current;
    const request = JSON.parse(targetKey) as typeof target;
    marked.current = new Set();
    dispatch({ type: 'open' });
    api.openConversation(request).then(
      (page) => {
        if (id === openId.current) dispatch({ type: 'opened', page });
      },
      (error: unknown) => {
        if (id === openId.current) dispatch({ type: 'failed', error: errorMessage(error) });
      },
    );
  }, [targetKey]);

  const request = useCallback(() => JSON.parse(targetKey) as typeof target, [targetKey]);

  const loadOlder = useCallback(async () => {
    const current = latest.current;
    const top = current.messages[0]?.id_message;
    if (!current.hasOlder || top === undefined || busy.current.older) return;
    busy.current.older = true;
    try {
      dispatch({ type: 'older', messages: await api.olderMessages(request(), top) });
    } finally {
      busy.current.older = false;
    }
  }, [request]);

  /** Newer messages: a page while paging down, or everything new when something arrived. */
  const loadNewer = useCallback(
    async (paging: boolean) => {
      const current = latest.current;
      if (current.status !== 'ready' || busy.current.newer) return;
      // While older pages separate us from the end, live news wait for the user to page down.
      if (!paging && current.hasNewer) return;
      busy.current.newer = true;
      try {
        let last = current.messages[current.messages.length - 1]?.id_message ?? 0;
        for (;;) {
          const page = await api.newerMessages(request(), last);
          dispatch({ type: 'newer', messages: page, paging });
          if (paging || page.length < PAGE_SIZE) break;
          last = page[page.length - 1]?.id_message ?? last;
        }
      } finally {
        busy.current.newer = false;
      }
    },
    [request],
  );

  /** A message came into view: one read lowers the counts by 1. */
  const markVisible = useCallback(
    (id: number) => {
      const current = latest.current;
      const message = current.messages.find((m) => m.id_message === id);
      if (!message || message.ismine || marked.current.has(id)) return;
      if (current.firstUnread === null || id < current.firstUnread) return;
      marked.current.add(id);
      api.markRead(id).then(
        () => {
          dispatch({ type: 'read', count: 1 });
          lowerUnread(contact.id, 1);
        },
        () => marked.current.delete(id),
      );
    },
    [contact.id],
  );

  const readAll = useCallback(async () => {
    await api.markAllRead(request());
    dispatch({ type: 'read', count: 'all' });
    lowerUnread(contact.id, 'all');
  }, [request, contact.id]);

  /** Sends, shows the message at once, then reloads the newest page (spec §4). */
  const send = useCallback(
    async (text: string, files: File[], onProgress: (percent: number) => void) => {
      const message = await api.sendMessage(request(), text, files, onProgress);
      dispatch({ type: 'sent', message });
      const page = await api.olderMessages(request(), message.id_message + 1);
      dispatch({ type: 'reloaded', messages: page });
      return message;
    },
    [request],
  );

  /** Removes the message only when the server answers 1. */
  const remove = useCallback(
    async (id: number) => {
      const result = await api.deleteMessage(id, user.uid);
      if (result === 1) dispatch({ type: 'removed', id });
      return result === 1;
    },
    [user.uid],
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
    [loadNewer, user, contact],
  );

  return { state, loadOlder, loadNewer, markVisible, readAll, send, remove };
}
