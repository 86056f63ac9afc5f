import { useId, type CSSProperties, type ReactNode } from 'react';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { Loading } from './Loading.js';
import { useUiStyles } from './styles.js';

export interface DataTableColumn<Row> {
  /** Unique among the columns (the React key). */
  key: string;
  header: ReactNode;
  render: (row: Row, index: number) => ReactNode;
  /** 'end' for numbers and grades. */
  align?: 'start' | 'center' | 'end';
  /** The column's width, e.g. '4rem' or 120 (pixels). */
  width?: string | number;
  /** Stays in view while the table scrolls sideways; meant for the first column. */
  sticky?: boolean;
  /** Its cells name their row (<th scope="row">); the first column when no column says so. */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  /** The rows; undefined while they are not loaded yet. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string | number;
  /** What the table holds; it also names the scroll region. */
  caption: ReactNode;
  /** Keeps the caption for screen readers only (a section header already says it). */
  captionHidden?: boolean;
  /** The scroll region's name when the caption is not plain text. */
  label?: string | undefined;
  /** Shown in the table when there are no rows; 'Нет данных' by default. */
  emptyMessage?: ReactNode;
  /** Loading: 'Загрузка...' until there are rows, then the rows marked busy. */
  loading?: boolean;
  /** A failed load: shown with ErrorState instead of the table. */
  error?: unknown;
  onRetry?: (() => void) | undefined;
  className?: string | undefined;
}

const CELL_CLASS = {
  start: null,
  center: 'lms-ui-table__cell--center',
  end: 'lms-ui-table__cell--end',
};

function cellProps<Row>(column: DataTableColumn<Row>): {
  className: string | undefined;
  style: CSSProperties | undefined;
} {
  const className = [
    CELL_CLASS[column.align ?? 'start'],
    column.sticky ? 'lms-ui-table__cell--sticky' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    className: className || undefined,
    style: column.width === undefined ? undefined : { width: column.width },
  };
}

/**
 * A semantic table for the journal, registration and transcript screens. It scrolls sideways
 * inside a focusable, named region on a narrow screen, so keyboard users can scroll it too.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  label,
  emptyMessage,
  loading = false,
  error,
  onRetry,
  className,
}: DataTableProps<Row>) {
  useUiStyles();
  const captionId = useId();
  if (error !== undefined && error !== null && !loading) {
    return <ErrorState error={error} onRetry={onRetry} className={className} />;
  }
  if (loading && (rows === undefined || rows.length === 0)) return <Loading />;

  const list = rows ?? [];
  const headerKey = (columns.find((column) => column.rowHeader) ?? columns[0])?.key;
  return (
    <div
      role="region"
      tabIndex={0}
      aria-label={label}
      aria-labelledby={label === undefined ? captionId : undefined}
      className={['lms-ui-table-scroll', className].filter(Boolean).join(' ')}
    >
      <table className="lms-ui-table" aria-busy={loading || undefined}>
        <caption id={captionId} className={captionHidden ? 'lms-ui-visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" {...cellProps(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="lms-ui-table__empty">
                <EmptyState message={emptyMessage} />
              </td>
            </tr>
          ) : (
            list.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) =>
                  column.key === headerKey ? (
                    <th key={column.key} scope="row" {...cellProps(column)}>
                      {column.render(row, index)}
                    </th>
                  ) : (
                    <td key={column.key} {...cellProps(column)}>
                      {column.render(row, index)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
