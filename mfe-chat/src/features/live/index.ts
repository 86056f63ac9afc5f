// Live delivery (spec §4): one Server-Sent Events stream for every chat pane, polling while down.
export { subscribeLive, POLL_INTERVAL_MS, type LiveSignal } from './api/liveEvents';
