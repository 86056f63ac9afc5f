import { useQuery } from '@tanstack/react-query';
import {
  apiUpload,
  postEndpoint,
  type Faculty,
  type NewsAudience,
  type NewsItem,
  type RegisteredFacultyListBody,
} from '@lms/shared';
import { newsKeys } from './news';

/** POST /lms/api/misc/registered-faculty-list.json: faculties the caller may address. */
export const getFaculties = postEndpoint<RegisteredFacultyListBody, Faculty[]>(
  '/api/misc/registered-faculty-list.json',
);

/** The faculties the author may address, cached per author. */
export function useFaculties(personId: number) {
  return useQuery({
    queryKey: newsKeys.faculties(personId),
    queryFn: () => getFaculties({ id: personId }),
  });
}

export interface NewNews {
  message: string;
  audience: NewsAudience;
  /** null = every faculty. */
  facultyId: number | null;
  files: readonly File[];
}

/** POST /lms/api/news/insert.json as multipart/form-data, with real upload progress (0..100). */
export function insertNews(news: NewNews, onProgress: (percent: number) => void) {
  return apiUpload<NewsItem>(
    '/api/news/insert.json',
    {
      fields: {
        message: news.message,
        audience: news.audience,
        faculty: news.facultyId === null ? '' : news.facultyId,
      },
      files: news.files,
    },
    onProgress,
  );
}
