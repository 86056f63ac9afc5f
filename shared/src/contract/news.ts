import { Type, type Static } from '@sinclair/typebox';
import { Id, Role } from './envelope.js';
import { NEWS_MESSAGE_MAX_LENGTH } from './constants.js';
import { withSchemas } from './endpoint.js';
import { NEWS_ADDRESSES } from './endpoints/news.js';

/** Who a news item is addressed to (besides its author, who always sees it). */
export const NewsAudience = Type.Union([
  Type.Literal('all'),
  Type.Literal('teachers'),
  Type.Literal('students'),
]);
export type NewsAudience = Static<typeof NewsAudience>;

/** A news item as the feed shows it (spec §3). */
export const NewsItem = Type.Object({
  id_eventMessage: Id,
  /** 'Преподаватель|Асанов Бакыт Маратович': the author's role text, a pipe, the name. */
  'p23-1': Type.String(),
  /** The author's role (1 teacher, 2 student), so the interface names it in its own language. */
  authorRole: Type.Union([Type.Literal(1), Type.Literal(2)]),
  message: Type.String(),
  /** Original names of the attachments joined with ';!;' ('' when none). */
  fileName: Type.String(),
  /** ISO 8601 instant. */
  created: Type.String(),
  audience: NewsAudience,
  /** The addressed faculty, null = every faculty. */
  id_faculty: Type.Union([Id, Type.Null()]),
  /** True when the caller may delete or edit the item (newsPerms and the author). */
  canEdit: Type.Boolean(),
});
export type NewsItem = Static<typeof NewsItem>;

/**
 * POST /lms/api/news/data.json. `id`, `uid`, `role` are optional and, when sent, must be the
 * caller's own (identity comes from the session).
 */
export const NewsDataBody = Type.Object({
  id: Type.Optional(Id),
  uid: Type.Optional(Id),
  role: Type.Optional(Role),
  page: Type.Integer({ minimum: 1, maximum: 100000 }),
});
export type NewsDataBody = Static<typeof NewsDataBody>;
export const NewsPage = Type.Object({
  items: Type.Array(NewsItem),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** True when page + 1 has items. */
  hasMore: Type.Boolean(),
});
export type NewsPage = Static<typeof NewsPage>;

/** POST /lms/api/news/check.json: may the caller (id = person id, type = role) post news? */
export const NewsCheckBody = Type.Object({ id: Id, type: Role });
export type NewsCheckBody = Static<typeof NewsCheckBody>;
export const NewsCheckResponse = Type.Object({ newsPerms: Type.Boolean() });
export type NewsCheckResponse = Static<typeof NewsCheckResponse>;

/**
 * POST /lms/api/news/insert.json, multipart/form-data: fields `message`, `audience`
 * (all | teachers | students), `faculty` (a faculty id, or empty for every faculty) and any
 * number of `files` parts (at most NEWS_MAX_FILES). Larger than the upload limit → 413.
 */
export const NewsInsertFields = Type.Object({
  message: Type.String({ minLength: 1, maxLength: NEWS_MESSAGE_MAX_LENGTH }),
  audience: NewsAudience,
  faculty: Type.Union([Id, Type.Null()]),
});
export type NewsInsertFields = Static<typeof NewsInsertFields>;
export const NewsInsertResponse = NewsItem;
export type NewsInsertResponse = NewsItem;

/** POST /lms/api/news/delete.json: deletes the item and its files. */
export const NewsDeleteBody = Type.Object({ id: Id });
export type NewsDeleteBody = Static<typeof NewsDeleteBody>;
export const NewsDeleteResponse = Type.Object({ id: Id });
export type NewsDeleteResponse = Static<typeof NewsDeleteResponse>;

/** POST /lms/api/news/update.json: replaces the text of an item the caller may edit. */
export const NewsUpdateBody = Type.Object({
  id: Id,
  message: Type.String({ minLength: 1, maxLength: NEWS_MESSAGE_MAX_LENGTH }),
});
export type NewsUpdateBody = Static<typeof NewsUpdateBody>;
export const NewsUpdateResponse = NewsItem;
export type NewsUpdateResponse = NewsItem;

/** GET /lms/api/news/download.file?filename=<newsId>_<fileName>&type=4 (the file itself). */
export const NewsDownloadQuery = Type.Object({
  filename: Type.String({ minLength: 3, maxLength: 400 }),
  type: Type.Literal('4'),
});
export type NewsDownloadQuery = Static<typeof NewsDownloadQuery>;

/** The news feed endpoints for the API: each address with the schemas it validates. */
export const NEWS_ENDPOINTS = withSchemas(NEWS_ADDRESSES, {
  page: { body: NewsDataBody, response: NewsPage },
  check: { body: NewsCheckBody, response: NewsCheckResponse },
  insert: { response: NewsInsertResponse },
  remove: { body: NewsDeleteBody, response: NewsDeleteResponse },
  update: { body: NewsUpdateBody, response: NewsUpdateResponse },
  download: { querystring: NewsDownloadQuery },
});
