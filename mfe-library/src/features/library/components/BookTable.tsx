import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type EBook, useFormat } from '@lms/shared';
import { FileLink } from '../../../components/FileLink';
import { RowActions } from '../../../components/RowActions';
import { Badge, TitleCell } from '../../../components/TitleCell';
import styles from '../../../components/Common.module.css';
import { NAMESPACE } from '../../../i18n';
import { bookFileUrl } from '../api/library';

export interface BookTableProps {
  books: readonly EBook[];
  /** A newer page or search is on its way: the rows shown are marked busy. */
  loading: boolean;
  /** The teacher's row actions; a student has none; a page without any has no column for them. */
  onEdit?: ((book: EBook) => void) | undefined;
  onDelete?: ((book: EBook) => void) | undefined;
  deleting?: boolean;
}

/**
 * The e-library's books as a table: on a desk every column side by side; on a phone each book a
 * card with its title, then its file, then the rest.
 */
export function BookTable({ books, loading, onEdit, onDelete, deleting }: BookTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  // A teacher edits the books they uploaded and deletes those and the ones from materials.
  const canEdit = (book: EBook) => onEdit !== undefined && book.isMine && !book.isFromUmk;
  const canDelete = (book: EBook) => onDelete !== undefined && (book.isMine || book.isFromUmk);
  const columns: DataTableColumn<EBook>[] = [
    {
      key: 'title',
      header: t('column.title'),
      rowHeader: true,
      render: (book) => (
        <TitleCell
          title={book.nameBook}
          author={book.author}
          badges={book.isFromUmk && <Badge>{t('book.fromUmk')}</Badge>}
        />
      ),
    },
    {
      key: 'file',
      header: t('form.file'),
      priority: 'key',
      render: (book) => (
        <FileLink
          fileName={book.fileName}
          size={book.size}
          mediaType={book.mediaType}
          href={bookFileUrl(book)}
          downloadHref={bookFileUrl(book, true)}
        />
      ),
    },
    {
      key: 'category',
      header: t('library.category'),
      render: (book) => <span className={styles.wrap}>{book.categoryName}</span>,
    },
    {
      key: 'annotation',
      header: t('book.annotation'),
      priority: 'low',
      render: (book) =>
        book.description ? <span className={styles.annotation}>{book.description}</span> : null,
    },
    {
      key: 'pages',
      header: t('column.pages'),
      priority: 'low',
      align: 'end',
      render: (book) => format.number(book.totalPages),
    },
    {
      key: 'added',
      header: t('column.added'),
      priority: 'low',
      render: (book) => <span className={styles.nowrap}>{format.date(book.added)}</span>,
    },
    {
      key: 'downloads',
      header: t('column.downloads'),
      priority: 'low',
      align: 'end',
      render: (book) => format.number(book.downloads),
    },
  ];
  if (books.some((book) => canEdit(book) || canDelete(book))) {
    columns.push({
      key: 'actions',
      header: t('column.actions'),
      render: (book) => (
        <RowActions
          name={book.nameBook}
          onEdit={canEdit(book) ? () => onEdit?.(book) : undefined}
          onDelete={canDelete(book) ? () => onDelete?.(book) : undefined}
          deleting={deleting}
        />
      ),
    });
  }
  return (
    <DataTable<EBook>
      className={styles.table}
      caption={t('library.listLabel')}
      captionHidden
      columns={columns}
      rows={books}
      rowKey={(book) => book.id_eBook}
      loading={loading}
      emptyMessage={t('library.empty')}
    />
  );
}
