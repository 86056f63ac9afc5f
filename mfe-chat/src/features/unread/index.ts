// Unread counts (spec §4): per contact of the current list, per discipline and group of the
// semester, and the total for the menu badge.
export { UnreadBadge } from './components/UnreadBadge';
export { unreadKeys } from './api/unread';
export { lowerUnread, useUnread, type ReadPlace } from './api/useUnread';
export { usePlaceCounts } from './api/usePlaceCounts';
export { useLiveCounts } from './api/useLiveCounts';
