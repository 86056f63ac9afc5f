import { CHAT_API, postEndpoint } from '@lms/shared';

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

/** The counts per discipline and group of one semester (apart: their answer is a list). */
export const placeKeys = {
  all: (uid: number) => ['chat', 'unread-places', uid] as const,
  semester: (uid: number, year: number, ws: number) =>
    ['chat', 'unread-places', uid, year, ws] as const,
};

/** POST chat/count.json: the caller's total unread count and the counts per contact. */
export const unreadCounts = postEndpoint(CHAT_API.count);

/** POST chat/countbydiscipline.json: where the caller's unread messages of a semester are. */
export const unreadPlaces = postEndpoint(CHAT_API.countByDiscipline);
