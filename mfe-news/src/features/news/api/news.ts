import {
  apiUrl,
  postEndpoint,
  type NewsDataBody,
  type NewsDeleteBody,
  type NewsDeleteResponse,
  type NewsItem,
  type NewsPage,
  type NewsUpdateBody,
} from '@lms/shared';

/** Query keys of the news feature; the user's uid keeps one user's feed from another's. */
export const newsKeys = {
  all: ['news'] as const,
  feed: (uid: number | undefined) => ['news', 'feed', uid ?? 0] as const,
  faculties: (personId: number) => ['news', 'faculties', personId] as const,
};

/** POST /lms/api/news/data.json: one page of the caller's feed, newest first (page 1 first). */
export const getNewsPage = postEndpoint<NewsDataBody, NewsPage>('/api/news/data.json');

/** POST /lms/api/news/delete.json: answers the deleted item's id. */
export const deleteNews = postEndpoint<NewsDeleteBody, NewsDeleteResponse>('/api/news/delete.json');

/** POST /lms/api/news/update.json: replaces the text of one's own item. */
export const updateNews = postEndpoint<NewsUpdateBody, NewsItem>('/api/news/update.json');

/** The download link of one attachment (spec §2): filename = <news id>_<file name>, type 4. */
export function newsFileUrl(newsId: number, fileName: string): string {
  return apiUrl('/api/news/download.file', { filename: `${newsId}_${fileName}`, type: 4 });
}
