// Contract constants without TypeBox: the browser entry (@lms/shared) and the server
// (@lms/shared/contract) import these same values, so a limit is written once.

/** The two roles that enter the portal (spec §3 "User"). */
export const ROLE = { teacher: 1, student: 2 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** The id of the `' --- '` placeholder entry the spec puts first in selection lists. */
export const PLACEHOLDER_ID = -1;

/** Chat page size (spec §9): a page of fewer messages means there are no more that way. */
export const CHAT_PAGE_SIZE = 20;
/** The contact id of a discipline group's chat (spec §3, §9). */
export const GROUP_CHAT_ID = -1;
/** Longest chat message the composer and the server accept. */
export const CHAT_MESSAGE_MAX_LENGTH = 10_000;
/** Most attachments one chat message may carry. */
export const CHAT_MAX_FILES = 10;

/** Longest message the compose form and the server accept. */
export const NEWS_MESSAGE_MAX_LENGTH = 5000;
/** Most attachments one news item may carry. */
export const NEWS_MAX_FILES = 10;
/** Items per page of news/data.json (page 1 is the newest). */
export const NEWS_PAGE_SIZE = 10;

/**
 * The portal's remotes, by federation name: the one list of them. Each is built from the folder
 * `mfe-<name>` and served at `/lms/public/<name>/` until the registry points elsewhere.
 */
export const REMOTE_NAMES = [
  'news',
  'chat',
  'journal',
  'library',
  'registration',
  'finance',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
