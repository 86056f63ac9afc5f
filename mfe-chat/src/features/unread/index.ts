// Unread counts (spec §4): per contact of the current list, and the total for the menu badge.
export { UnreadBadge } from './components/UnreadBadge';
export { unreadKeys } from './api/unread';
export { lowerUnread, useUnread, type ReadPlace } from './api/useUnread';
export { useLiveCounts } from './api/useLiveCounts';
