import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUpload,
  apiUrl,
  LIBRARY_API,
  notifyFailure,
  postEndpoint,
  useSession,
  type BookListBody,
  type BookListResponse,
  type BookUploadFields,
  type EBook,
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
export const getBaseCategories = postEndpoint(LIBRARY_API.baseCategories);

/** POST /lms/api/library/bookcategories.json {id_baseBookCategory} (-1: every category) */
export const getCategories = postEndpoint(LIBRARY_API.bookCategories);

/** A page of books, searched on the server. */
export const getBookList = postEndpoint(LIBRARY_API.books);

/** May the caller delete the book? */
export const checkDelete = postEndpoint(LIBRARY_API.deleteCheck);
export const deleteBook = postEndpoint(LIBRARY_API.remove);

/** The saved book. */
export function saveBook(
  fields: BookUploadFields,
  file: File | null,
  onProgress: (percent: number) => void,
): Promise<EBook> {
  return apiUpload(LIBRARY_API.save, { fields, files: file ? [file] : [] }, onProgress);
}

/** A PDF opens in the browser, anything else downloads. */
export function bookFileUrl(book: Pick<EBook, 'id_eBook'>, download = false): string {
  return apiUrl(
    LIBRARY_API.download,
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

/**
 * Saving a book with its one file: `onProgress` hears the upload's percent (null once it is
 * over), `onSaved` the book as the server saved it.
 */
export function useSaveBook(
  onProgress: (percent: number | null) => void,
  onSaved: (book: EBook) => void,
) {
  return useMutation({
    mutationFn: ({ fields, file }: { fields: BookUploadFields; file: File | null }) =>
      saveBook(fields, file, onProgress),
    onMutate: () => onProgress(0),
    onSettled: () => onProgress(null),
    onSuccess: (saved) => onSaved(saved),
  });
}

/**
 * A saved book in the lists (spec §4): a new one reloads them, an edited one is updated where it
 * stands in every cached page.
 */
export function useShowSavedBook() {
  const uid = useSession().user?.uid ?? 0;
  const queryClient = useQueryClient();
  return (saved: EBook, isNew: boolean) => {
    if (isNew) {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all(uid) });
      return;
    }
    queryClient.setQueriesData<BookListResponse>(
      { queryKey: libraryKeys.lists(uid) },
      (old) =>
        old && {
          ...old,
          items: old.items.map((item) => (item.id_eBook === saved.id_eBook ? saved : item)),
        },
    );
  };
}

/** What the user is told and asked while a book is deleted. */
export interface BookDeletion {
  /** The server says the user may not delete the book. */
  refused: () => void;
  /** Asks the user; false keeps the book. */
  confirm: (book: EBook) => Promise<boolean>;
  /** The book is gone (the list reloads next). */
  deleted: () => void;
}

/**
 * Deleting a book: deletecheck.json first (may the user?), then the user's confirmation, then
 * deleteebook.json; after a delete the book list reloads (spec §4). Answers whether it was deleted.
 */
export function useDeleteBook(deletion: BookDeletion) {
  const { user } = useSession();
  const uid = user?.uid ?? 0;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (book: EBook) => {
      if (!user) return false;
      const who = { id_human: user.id, id_humanType: user.role, id_EBook: book.id_eBook };
      const { canDelete } = await checkDelete(who);
      if (!canDelete) {
        deletion.refused();
        return false;
      }
      if (!(await deletion.confirm(book))) return false;
      await deleteBook({ ...who, isFromUMK: book.isFromUmk ? 1 : 0 });
      return true;
    },
    onSuccess: async (deleted) => {
      if (!deleted) return;
      deletion.deleted();
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all(uid) });
    },
    onError: (error) => notifyFailure(error),
  });
}
