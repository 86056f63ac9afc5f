import {
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { EmptyState } from './EmptyState.js';
import { ErrorState } from './ErrorState.js';
import { Loading } from './Loading.js';
import { useUiStyles } from './styles.js';
import { useSidewaysScroll } from './useSidewaysScroll.js';

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
  /**
   * What the row is there for: 'key' marks the value a user comes for (the mark, the grade, the
   * amount, the state, the status, the action); on a phone card it comes right after the row's
   * name, emphasised. 'low' is detail, shown smaller. 'high' (the default) is the rest.
   */
  priority?: 'key' | 'high' | 'low';
  /** The column's name as plain text, for phone cards, when `header` is not a string. */
  label?: string;
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
  /**
   * On a narrow box (under 640 px): 'cards' (the default) turns each row into a card, with nothing
   * to scroll sideways; 'scroll' keeps the table, its first column in place and a hint that there
   * is more to the right (for grids whose columns are to be compared across rows).
   */
  phone?: 'cards' | 'scroll';
  className?: string | undefined;
}

const NO_ROWS: readonly never[] = [];

/** The rows a table draws at once when its rows first come: a phone's screen and more. */
const FIRST_ROWS = 12;

const CELL_CLASS = {
  start: null,
  center: 'lms-ui-table__cell--center',
  end: 'lms-ui-table__cell--end',
};

const PRIORITY_CLASS = {
  key: 'lms-ui-table__cell--key',
  high: null,
  low: 'lms-ui-table__cell--low',
};

function cellProps<Row>(
  column: DataTableColumn<Row>,
  header = false,
): {
  className: string | undefined;
  style: CSSProperties | undefined;
  'data-label'?: string;
  'data-priority'?: string;
} {
  const label = column.label ?? (typeof column.header === 'string' ? column.header : undefined);
  const className = [
    CELL_CLASS[column.align ?? 'start'],
    column.sticky ? 'lms-ui-table__cell--sticky' : null,
    header ? 'lms-ui-table__cell--row' : PRIORITY_CLASS[column.priority ?? 'high'],
  ]
    .filter(Boolean)
    .join(' ');
  return {
    className: className || undefined,
    style: column.width === undefined ? undefined : { width: column.width },
    ...(label === undefined || header ? {} : { 'data-label': label }),
    // Tests and QA find a row's key value by what it is, not by the kit's class names.
    ...(header ? {} : { 'data-priority': column.priority ?? 'high' }),
  };
}

/**
 * A semantic table for the journal, registration, finance and library screens. In a narrow box
 * its rows become cards (the row's name, then its key values, then the rest as "label: value"),
 * so a phone user sees the mark or the amount without scrolling sideways. Where it must scroll
 * (phone="scroll", or a desktop box narrower than the table) it scrolls inside a focusable, named
 * region, keyboard users can scroll it too, and a visible hint says there is more to the right.
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
  phone = 'cards',
  className,
}: DataTableProps<Row>) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const captionId = useId();
  const hintId = useId();
  const box = useRef<HTMLDivElement>(null);
  const list = rows ?? NO_ROWS;
  // When a long list's rows first come, the table draws a screenful at once and the rest in a
  // transition, a render React slices and pauses for the user's taps, not in the one long task
  // the data's arrival runs in (on a phone's CPU the library's 50 rows held the page for a
  // quarter of a second). From then on the rows are drawn as they change, in the same render:
  // a mark typed into a row is never shown stale. Until the rest is drawn the table is busy.
  const [whole, setWhole] = useState(false);
  if (whole && list.length === 0) setWhole(false);
  const partial = !whole && list.length > FIRST_ROWS;
  useEffect(() => {
    if (partial) startTransition(() => setWhole(true));
  }, [partial]);
  // One array per list: the sideways-scroll watch below re-measures when it changes.
  const shown = useMemo(() => (partial ? list.slice(0, FIRST_ROWS) : list), [partial, list]);
  const { more } = useSidewaysScroll(box, shown);
  if (error !== undefined && error !== null && !loading) {
    return <ErrorState error={error} onRetry={onRetry} className={className} />;
  }
  if (loading && (rows === undefined || rows.length === 0)) return <Loading />;

  const headerKey = (columns.find((column) => column.rowHeader) ?? columns[0])?.key;
  return (
    <div
      className={['lms-ui-table-frame', `lms-ui-table-frame--${phone}`, className]
        .filter(Boolean)
        .join(' ')}
    >
      <div
        ref={box}
        role="region"
        tabIndex={0}
        aria-label={label}
        aria-labelledby={label === undefined ? captionId : undefined}
        aria-describedby={more ? hintId : undefined}
        className="lms-ui-table-scroll"
      >
        <table className="lms-ui-table" aria-busy={loading || partial || undefined}>
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
              shown.map((row, index) => (
                <tr key={rowKey(row, index)}>
                  {columns.map((column) =>
                    column.key === headerKey ? (
                      <th key={column.key} scope="row" {...cellProps(column, true)}>
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
      {more && (
        <p id={hintId} className="lms-ui-table-hint">
          {t('table.more')} <span aria-hidden="true">→</span>
        </p>
      )}
    </div>
  );
}
