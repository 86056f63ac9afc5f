import { skipToken, useQuery } from '@tanstack/react-query';
import {
  apiUpload,
  apiUrl,
  postEndpoint,
  useSession,
  type BaseBookCategory,
  type BookCategoriesBody,
  type BookCategory,
  type BookListBody,
  type BookListResponse,
  type BookUploadFields,
  type DeleteCheckBody,
  type DeleteCheckResponse,
  type DeleteEBookBody,
  type DeleteEBookResponse,
  type EBook,
  type EmptyBody,
} from '@lms/shared';

/** Query keys of the library, under the user's uid. */
export const libraryKeys = {
  all: (uid: number) => ['library', uid] as const,
  bases: (uid: number) => ['library', uid, 'bases'] as const,
  categories: (uid: number, base: number | null) =>
    ['library', uid, 'categories', base ?? 'all'] as const,
  lists: (uid: number) => ['library', uid, 'list'] as const,
  list: (uid: number, body: BookListBody) => ['library', uid, 'list', body] as const,
};

/** POST /lms/api/library/basebookcategories.json {} */
export const getBaseCategories = postEndpoint<EmptyBody, BaseBookCategory[]>(
  '/api/library/basebookcategories.json',
);

/** POST /lms/api/library/bookcategories.json {id_baseBookCategory} (-1: every category) */
export const getCategories = postEndpoint<BookCategoriesBody, BookCategory[]>(
  '/api/library/bookcategories.json',
);

/** POST /lms/api/library/getbooklist.json: a page of books, searched on the server. */
export const getBookList = postEndpoint<BookListBody, BookListResponse>(
  '/api/library/getbooklist.json',
);

/** POST /lms/api/library/deletecheck.json: may the caller delete the book? */
export const checkDelete = postEndpoint<DeleteCheckBody, DeleteCheckResponse>(
  '/api/library/deletecheck.json',
);

/** POST /lms/api/library/deleteebook.json */
export const deleteBook = postEndpoint<DeleteEBookBody, DeleteEBookResponse>(
  '/api/library/deleteebook.json',
);

/** POST /lms/api/library/insertupdatebook.json (multipart, one file): the saved book. */
export function saveBook(
  fields: BookUploadFields,
  file: File | null,
  onProgress: (percent: number) => void,
): Promise<EBook> {
  return apiUpload<EBook>(
    '/api/library/insertupdatebook.json',
    { fields, files: file ? [file] : [] },
    onProgress,
  );
}

/** GET /lms/api/library/download.file?id=: a PDF opens in the browser, anything else downloads. */
export function bookFileUrl(book: Pick<EBook, 'id_eBook'>, download = false): string {
  return apiUrl(
    '/api/library/download.file',
    download ? { id: book.id_eBook, download: 1 } : { id: book.id_eBook },
  );
}

export function useBaseCategories() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: libraryKeys.bases(uid), queryFn: () => getBaseCategories({}) });
}

/** The categories of a base category, or every category (null), for a select. */
export function useCategories(base: number | null) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: libraryKeys.categories(uid, base),
    queryFn: () => getCategories({ id_baseBookCategory: base ?? -1 }),
  });
}

export function useBookList(body: BookListBody | undefined) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: body ? libraryKeys.list(uid, body) : libraryKeys.lists(uid),
    queryFn: body ? () => getBookList(body) : skipToken,
    placeholderData: (previous) => previous,
  });
}
