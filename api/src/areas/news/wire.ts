import { FILE_LIST_SEPARATOR, type NewsItem, ROLE } from '@lms/shared/contract';
import { roleName, type Language } from '../../lib/catalogue-names.js';
import type { FeedRow, Reader } from './repository.js';
import { authorName, mayEdit } from './rules.js';

/** A row of the feed as the contract answers it, for `reader`, in their language. */
export function toItem(lng: Language, row: FeedRow, files: string[], reader: Reader): NewsItem {
  return {
    id_eventMessage: row.id,
    // Spec §3: 'role|name'; the role is named in the reader's language.
    'p23-1': `${roleName(row.author_role === ROLE.teacher, lng)}|${authorName(row.author)}`,
    authorRole: row.author_role,
    message: row.message,
    fileName: files.join(FILE_LIST_SEPARATOR),
    created: new Date(Number(row.created_at)).toISOString(),
    audience: row.audience,
    id_faculty: row.faculty_id,
    canEdit: mayEdit(reader, row),
  };
}
