import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type UmkItem, useFormat } from '@lms/shared';
import { FileLink } from '../../../components/FileLink';
import { RowActions } from '../../../components/RowActions';
import { Badge, TitleCell } from '../../../components/TitleCell';
import styles from './MaterialTable.module.css';
import { NAMESPACE } from '../../../i18n';
import { materialFileUrl } from '../api/umk';

export interface MaterialTableProps {
  items: readonly UmkItem[];
  /** The list of another choice is on its way: the rows shown are marked busy. */
  loading: boolean;
  onEdit: (item: UmkItem) => void;
  onDelete: (item: UmkItem) => void;
  deleting: boolean;
}

/**
 * A discipline's teaching materials as a table: on a desk every column side by side; on a phone
 * each material a card with its title, then its file, then the rest.
 */
export function MaterialTable({ items, loading, onEdit, onDelete, deleting }: MaterialTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const columns: DataTableColumn<UmkItem>[] = [
    {
      key: 'title',
      header: t('column.title'),
      rowHeader: true,
      render: (item) => (
        <TitleCell
          title={item.umkName}
          author={item.author}
          badges={
            <>
              {item.isNew && <Badge>{t('umk.new')}</Badge>}
              {item.isForEBooks && <Badge>{t('umk.inLibrary')}</Badge>}
            </>
          }
        />
      ),
    },
    {
      key: 'type',
      header: t('column.type'),
      render: (item) => <span className={styles.wrap}>{item.typeName}</span>,
    },
    {
      key: 'file',
      header: t('form.file'),
      priority: 'key',
      render: (item) => (
        <FileLink
          fileName={item.fileName}
          size={item.size}
          mediaType={item.mediaType}
          href={materialFileUrl(item)}
          downloadHref={materialFileUrl(item, true)}
        />
      ),
    },
    {
      // The form of control, who the material is for and its kind: one value a line.
      key: 'details',
      header: t('column.details'),
      priority: 'low',
      render: (item) => (
        <span className={styles.lines}>
          {[item.examName, t(`audience.${item.id_forStudentKind}`), t(`kind.${item.kind}`)]
            .filter(Boolean)
            .map((value) => (
              <span key={value}>{value}</span>
            ))}
        </span>
      ),
    },
    {
      key: 'description',
      header: t('umk.description'),
      priority: 'low',
      render: (item) =>
        item.description ? <span className={styles.annotation}>{item.description}</span> : null,
    },
    {
      key: 'pages',
      header: t('column.pages'),
      priority: 'low',
      align: 'end',
      render: (item) => format.number(item.totalPages),
    },
    {
      key: 'added',
      header: t('column.added'),
      priority: 'low',
      render: (item) => <span className={styles.nowrap}>{format.date(item.added)}</span>,
    },
    {
      key: 'downloads',
      header: t('column.downloads'),
      priority: 'low',
      align: 'end',
      render: (item) => format.number(item.downloads),
    },
  ];
  if (items.some((item) => item.canEdit)) {
    columns.push({
      key: 'actions',
      header: t('column.actions'),
      render: (item) =>
        item.canEdit ? (
          <RowActions
            name={item.umkName}
            onEdit={() => onEdit(item)}
            onDelete={() => onDelete(item)}
            deleting={deleting}
          />
        ) : null,
    });
  }
  return (
    <DataTable<UmkItem>
      className={styles.table}
      caption={t('umk.listLabel')}
      captionHidden
      columns={columns}
      rows={items}
      rowKey={(item) => item.idBook}
      loading={loading}
      emptyMessage={t('umk.empty')}
    />
  );
}
