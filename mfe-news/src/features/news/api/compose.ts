import {
  apiPost,
  http,
  type Faculty,
  type NewsAudience,
  type NewsItem,
  type PortalConfig,
} from '@lms/shared';

/** POST /lms/api/misc/registered-faculty-list.json: faculties the caller may address. */
export function getFaculties(personId: number): Promise<Faculty[]> {
  return apiPost<Faculty[]>('/api/misc/registered-faculty-list.json', { id: personId });
}

/** The server's upload limit from /lms/config.json (plain JSON, no envelope). */
export async function getUploadLimit(): Promise<number> {
  const { data } = await http.get<PortalConfig>('/config.json');
  return data.uploadLimitBytes;
}

export interface NewNews {
  message: string;
  audience: NewsAudience;
  /** null = every faculty. */
  facultyId: number | null;
  files: readonly File[];
}

/**
 * POST /lms/api/news/insert.json as multipart/form-data, reporting the real upload progress
 * (0..100) as the browser sends the bytes.
 */
export function insertNews(
  news: NewNews,
  onProgress: (percent: number) => void,
): Promise<NewsItem> {
  const form = new FormData();
  form.append('message', news.message);
  form.append('audience', news.audience);
  form.append('faculty', news.facultyId === null ? '' : String(news.facultyId));
  for (const file of news.files) form.append('files', file, file.name);
  return apiPost<NewsItem>('/api/news/insert.json', form, {
    // A large attachment on a slow line takes longer than the 30 s meant for JSON calls.
    timeout: 0,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}
