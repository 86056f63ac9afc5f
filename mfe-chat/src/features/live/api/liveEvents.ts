import { http, type ChatEvent } from '@lms/shared';

/**
 * What the chat hears: a pushed event, or "catch up" (the stream (re)opened after a gap, or a
 * polling tick while it is down). On "catch up" listeners ask new.json and count.json again, so
 * nothing is missed across an API restart.
 */
export type LiveSignal = { type: 'event'; event: ChatEvent } | { type: 'catch-up' };
type Listener = (signal: LiveSignal) => void;

/** While the stream is down, poll this often. */
export const POLL_INTERVAL_MS = 4000;
/** After the browser gives up on a stream (e.g. a 502 during a deploy), open a new one. */
const REOPEN_DELAY_MS = 5000;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

function emit(signal: LiveSignal) {
  for (const listener of [...listeners]) listener(signal);
}

function startPolling() {
  pollTimer ??= setInterval(() => emit({ type: 'catch-up' }), POLL_INTERVAL_MS);
}

function stopPolling() {
  if (pollTimer !== null) clearInterval(pollTimer);
  pollTimer = null;
}

function open() {
  if (typeof EventSource === 'undefined') {
    // No Server-Sent Events here: polling new.json is the whole mechanism.
    startPolling();
    return;
  }
  const url = `${http.defaults.baseURL ?? '/lms'}/api/chat/events`;
  const stream = new EventSource(url, { withCredentials: true });
  source = stream;
  stream.addEventListener('open', () => {
    stopPolling();
    // Whatever happened between the panes' first fetch and this moment (the first opening) or
    // during a gap (a reopening) was not pushed: ask once what is new.
    emit({ type: 'catch-up' });
  });
  stream.addEventListener('chat', (message) => {
    try {
      emit({ type: 'event', event: JSON.parse((message as MessageEvent<string>).data) });
    } catch {
      // A malformed event is ignored; the next catch-up covers it.
    }
  });
  stream.addEventListener('error', () => {
    // The browser retries by itself while readyState is CONNECTING; poll meanwhile.
    startPolling();
    if (stream.readyState === EventSource.CLOSED && source === stream) {
      source = null;
      reopenTimer ??= setTimeout(() => {
        reopenTimer = null;
        if (listeners.size > 0 && source === null) open();
      }, REOPEN_DELAY_MS);
    }
  });
}

function close() {
  source?.close();
  source = null;
  stopPolling();
  if (reopenTimer !== null) clearTimeout(reopenTimer);
  reopenTimer = null;
}

/** Listens to the chat's live events; the one stream is shared and closes with its last listener. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  if (source === null && pollTimer === null) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}
