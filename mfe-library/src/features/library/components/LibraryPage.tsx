import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BookListBody,
  Button,
  ChoiceSelect,
  confirm,
  type EBook,
  ErrorState,
  Field,
  LIBRARY_SEARCH_MODE,
  Loading,
  notify,
  PageFrame,
  ROLE,
  SelectField,
  useSession,
} from '@lms/shared';
import styles from './LibraryPage.module.css';
import { NAMESPACE } from '../../../i18n';
import {
  useBaseCategories,
  useBookList,
  useCategories,
  useDeleteBook,
  useShowSavedBook,
} from '../api/library';
import { searchSummary } from '../search';
import { BookForm } from './BookForm';
import { BookTable } from './BookTable';

/** The e-library, /lms/library: categories, server-side search, books to read; teachers upload. */
export function LibraryPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const isTeacher = user?.role === ROLE.teacher;

  const [base, setBase] = useState<number | null>(null);
  const [category, setCategory] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<number>(LIBRARY_SEARCH_MODE.name);
  const [search, setSearch] = useState({ text: '', mode: LIBRARY_SEARCH_MODE.name as number });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<EBook | 'new' | null>(null);

  const bases = useBaseCategories();
  const categories = useCategories(base);
  const body: BookListBody = {
    id_bookCategory: category ?? -1,
    page,
    ...(search.text && { search: search.text, mode: search.mode }),
  };
  const list = useBookList(body);
  const summary = searchSummary(list.data, search.text);

  const remove = useDeleteBook({
    refused: () => notify(t('book.cannotDelete'), 'error'),
    confirm: (book) =>
      confirm(t('book.confirmDelete', { name: book.nameBook }), {
        danger: true,
        confirmLabel: t('book.delete'),
      }),
    deleted: () => notify(t('book.deleted'), 'success'),
  });

  const showSaved = useShowSavedBook();
  const onSaved = (saved: EBook, isNew: boolean) => {
    setEditing(null);
    showSaved(saved, isNew);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch({ text: text.trim(), mode });
  };

  const pages = list.data
    ? Math.max(1, Math.ceil((list.data.found || list.data.total) / list.data.pageSize))
    : 1;

  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('libraryTitle')}
      description={t('libraryDescription')}
      wide
      actions={
        isTeacher && editing === null ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('book.add')}
          </Button>
        ) : null
      }
    >
      {editing !== null && (
        <BookForm
          key={editing === 'new' ? 'new' : editing.id_eBook}
          book={editing === 'new' ? null : editing}
          categoryId={category}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      <div className={styles.filters}>
        <ChoiceSelect
          label={t('library.baseCategory')}
          items={bases.data}
          getId={(item) => item.id_baseBookCategory}
          getLabel={(item) => item.name}
          value={base}
          onChange={(id) => {
            setBase(id);
            setCategory(null);
            setPage(1);
          }}
          placeholder
          loading={bases.isPending}
          loadError={bases.error}
          onRetry={() => void bases.refetch()}
        />
        <ChoiceSelect
          label={t('library.category')}
          items={categories.data}
          getId={(item) => item.id_bookCategory}
          getLabel={(item) => `${item.name} (${item.count})`}
          value={category}
          onChange={(id) => {
            setCategory(id);
            setPage(1);
          }}
          placeholder
          loading={categories.isPending}
          loadError={categories.error}
          onRetry={() => void categories.refetch()}
        />
      </div>
      <form className={styles.search} role="search" onSubmit={submitSearch}>
        <Field
          label={t('search.label')}
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label={t('search.mode')}
          value={mode}
          onChange={(event) => setMode(Number(event.target.value))}
        >
          <option value={LIBRARY_SEARCH_MODE.name}>{t('search.byName')}</option>
          <option value={LIBRARY_SEARCH_MODE.author}>{t('search.byAuthor')}</option>
        </SelectField>
        <Button type="submit" variant="primary">
          {t('search.submit')}
        </Button>
      </form>
      <p className={styles.summary} role="status" aria-live="polite">
        {summary ? t(summary.key, summary.values) : ''}
      </p>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : (
        <>
          <BookTable
            books={list.data.items}
            loading={list.isFetching}
            onEdit={isTeacher ? (book) => setEditing(book) : undefined}
            onDelete={isTeacher ? (book) => remove.mutate(book) : undefined}
            deleting={remove.isPending}
          />
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('library.pages')}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('library.previous')}
              </Button>
              <span>{t('library.page', { page, pages })}</span>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('library.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </PageFrame>
  );
}
