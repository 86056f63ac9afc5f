import { apiPost, type NewsDeleteResponse, type NewsItem, type NewsPage } from '@lms/shared';

/** POST /lms/api/news/data.json: one page of the caller's feed, newest first (page 1 first). */
export function getNewsPage(page: number): Promise<NewsPage> {
  return apiPost<NewsPage>('/api/news/data.json', { page });
}

/** POST /lms/api/news/delete.json: resolves to the deleted item's id. */
export async function deleteNews(id: number): Promise<number> {
  const data = await apiPost<NewsDeleteResponse>('/api/news/delete.json', { id });
  return data.id;
}

/** POST /lms/api/news/update.json: replaces the text of one's own item. */
export function updateNews(id: number, message: string): Promise<NewsItem> {
  return apiPost<NewsItem>('/api/news/update.json', { id, message });
}

/** The download link of one attachment (spec §2): filename = <news id>_<file name>, type 4. */
export function newsFileUrl(newsId: number, fileName: string): string {
  const query = new URLSearchParams({ filename: `${newsId}_${fileName}`, type: '4' });
  return `/lms/api/news/download.file?${query.toString()}`;
}
