import { postEndpoint, type ChatCountBody, type ChatCountResponse } from '@lms/shared';

/** Which counts: the whole semester, or one discipline's (and group's) contacts too. */
export interface UnreadScope {
  year: number;
  ws: 1 | 2 | 3;
  id_discipline?: number;
  id_group?: number;
}

export const unreadKeys = {
  all: (uid: number) => ['chat', 'unread', uid] as const,
  scope: (uid: number, scope: UnreadScope | undefined) =>
    ['chat', 'unread', uid, scope ?? null] as const,
};

/** POST chat/count.json: the caller's total unread count and the counts per contact. */
export const unreadCounts = postEndpoint<ChatCountBody, ChatCountResponse>('/api/chat/count.json');
