import { apiUrl, NEWS_API, postEndpoint } from '@lms/shared';

/** Query keys of the news feature; the user's uid keeps one user's feed from another's. */
export const newsKeys = {
  all: ['news'] as const,
  feed: (uid: number | undefined) => ['news', 'feed', uid ?? 0] as const,
  faculties: (personId: number) => ['news', 'faculties', personId] as const,
};

/** One page of the caller's feed, newest first (page 1 first). */
export const getNewsPage = postEndpoint(NEWS_API.page);

/** Answers the deleted item's id. */
export const deleteNews = postEndpoint(NEWS_API.remove);

/** Replaces the text of one's own item. */
export const updateNews = postEndpoint(NEWS_API.update);

/** The download link of one attachment (spec §2): filename = <news id>_<file name>, type 4. */
export function newsFileUrl(newsId: number, fileName: string): string {
  return apiUrl(NEWS_API.download, { filename: `${newsId}_${fileName}`, type: 4 });
}
