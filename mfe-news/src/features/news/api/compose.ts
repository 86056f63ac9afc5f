import { useQuery } from '@tanstack/react-query';
import { apiUpload, MISC_API, NEWS_API, postEndpoint, type NewsAudience } from '@lms/shared';
import { newsKeys } from './news';

/** Faculties the caller may address. */
export const getFaculties = postEndpoint(MISC_API.registeredFaculties);

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
  return apiUpload(
    NEWS_API.insert,
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
