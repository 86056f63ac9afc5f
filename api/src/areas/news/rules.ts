import {
  NEWS_MAX_FILES,
  NewsInsertFields,
  ROLE,
  type NewsAudience,
  type RoleId,
} from '@lms/shared/contract';
import { roleName } from '../../lib/catalogue-names.js';
import { fieldsChecker } from '../../lib/fields-check.js';
import type { Text } from '../../lib/messages.js';
import type { NEWS_MESSAGES } from './messages.js';

/**
 * Who may publish, change and delete news, and what an item must hold: pure decisions, no
 * database and no HTTP (unit-tested in test/unit/news-rules.test.ts).
 */

/** A refusal of the news area, by its message (messages.ts); `hidden` is access's hiddenRecord. */
export type NewsRefusal = keyof typeof NEWS_MESSAGES;

/** The caller as the rules see them: their account, role and the news right. */
export interface NewsAuthor {
  uid: number;
  role: RoleId;
  newsPerms: boolean;
}

/** Attachments one item may carry. */
export const MAX_FILES_PER_ITEM = NEWS_MAX_FILES;

/** Publishing, editing and deleting all need the news right. */
export function publishRefusal(user: Pick<NewsAuthor, 'newsPerms'>): NewsRefusal | null {
  return user.newsPerms ? null : 'noPermission';
}

/** May the caller change or delete this item: the news right, and the item is their own. */
export function mayEdit(
  user: Pick<NewsAuthor, 'uid' | 'newsPerms'>,
  item: { author_uid: number },
): boolean {
  return user.newsPerms && item.author_uid === user.uid;
}

/** The audience a reader belongs to besides 'all'. */
export function audienceOf(role: RoleId): NewsAudience {
  return role === ROLE.teacher ? 'teachers' : 'students';
}

/**
 * Spec §3: the stored author field is the role text, a pipe and the name. The role is stored in
 * Russian, as the legacy rows are; the feed names it in the reader's language.
 */
export function authorLabel(user: { role: RoleId; fullName: string }): string {
  return `${roleName(user.role === ROLE.teacher, 'ru')}|${user.fullName}`;
}

/** The name part of a stored author field ('role|name' → 'name'). */
export function authorName(stored: string): string {
  return stored.slice(stored.indexOf('|') + 1);
}

/** An item's text after trimming, or the refusal for an empty one. */
export function messageText(raw: string | undefined): { message: string } | NewsRefusal {
  const message = (raw ?? '').trim();
  return message === '' ? 'messageRequired' : { message };
}

/** NewsInsertFields within the databases' limits (multipart fields are checked here, not by a schema). */
const checkNewsFields = fieldsChecker<NewsFields>(NewsInsertFields);

export interface NewsFields {
  message: string;
  audience: NewsAudience;
  faculty: number | null;
}

/**
 * The fields of a new item as the multipart form sent them: the text, the audience ('all' when
 * left out) and the faculty ('' or '-1': every faculty). A refusal names the message to answer;
 * `invalid` is a field the form never sends wrong (answered like a schema's refusal).
 */
export function newsFields(
  raw: Record<string, string>,
): { fields: NewsFields } | { refusal: NewsRefusal } | { invalid: Text } {
  const text = messageText(raw.message);
  if (typeof text === 'string') return { refusal: text };
  const audience = (raw.audience ?? 'all') as NewsAudience;
  const facultyText = (raw.faculty ?? '').trim();
  const faculty = facultyText === '' || facultyText === '-1' ? null : Number(facultyText);
  const candidate = { message: text.message, audience, faculty };
  const checked = checkNewsFields(candidate);
  if ('value' in checked) return { fields: checked.value };
  if (checked.path === '/audience') return { refusal: 'badAudience' };
  if (checked.path === '/faculty') return { refusal: 'badFaculty' };
  return { invalid: checked.invalid };
}

/**
 * A download's file name: `<newsId>_<original name>` (the name itself may contain
 * underscores); null when it names no item.
 */
export function downloadName(filename: string): { newsId: number; fileName: string } | null {
  const match = /^(\d{1,9})_(.+)$/s.exec(filename);
  const newsId = match ? Number(match[1]) : 0;
  return match && newsId > 0 ? { newsId, fileName: match[2] ?? '' } : null;
}
