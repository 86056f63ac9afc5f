import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  ErrorState,
  Loading,
  useFormat,
  type AuditCellValue,
  type AuditEntry,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { auditCellValue } from '../../../lib/auditValue';
import { fromServer } from '../../../lib/marks';
import { useCellHistory } from '../api/history';
import type { CellRef, CellSource } from '../types';
import { useCellWords } from './useCellWords';
import styles from './CellHistory.module.css';

/** One change: the value set, who set it and when (the university's date and time). */
function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const words = useCellWords();
  const say = (value: AuditCellValue | null) =>
    value === null
      ? t('history.noCell')
      : words.spoken(fromServer(value.otsenka), value.source as CellSource);
  const before = auditCellValue(entry.before);
  return (
    <li className={styles.entry}>
      <span className={styles.value}>{say(auditCellValue(entry.after))}</span>
      <span className={styles.who}>
        {t('history.by', {
          by: entry.by ?? t('history.portal'),
          date: format.date(entry.date),
          time: entry.time,
        })}
      </span>
      {before !== null && <span>{t('history.was', { value: say(before) })}</span>}
    </li>
  );
}

/**
 * A journal cell's history in a modal dialog: each value the cell had, oldest first, with who
 * set it and when. Focus moves in and back to the action that opened it; Escape, the backdrop and
 * the close button close it; Tab stays inside.
 */
export function CellHistoryDialog({ cell, onClose }: { cell: CellRef; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const history = useCellHistory(Number(cell.lesson.key), cell.student.id);

  useEffect(() => {
    const previous = document.activeElement;
    close.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(
      dialog.current.querySelectorAll<HTMLElement>('button, [href], [tabindex="0"]'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError)
    body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data.length === 0) body = <EmptyState message={t('history.empty')} />;
  else
    body = (
      <ol className={styles.list} aria-label={t('history.listLabel')}>
        {history.data.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    );

  return createPortal(
    <div className={styles.backdrop} onMouseDown={onBackdrop}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {t('history.title')}
        </h2>
        <p className={styles.subject}>
          {t('history.subject', { student: cell.student.name, lesson: cell.lesson.title })}
        </p>
        {body}
        <div className={styles.actions}>
          <Button ref={close} onClick={onClose}>
            {t('history.close')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** The history action of a cell: on a phone a labelled button, in the grid a corner mark. */
export function CellHistoryAction({
  cell,
  variant,
  onOpen,
}: {
  cell: CellRef;
  variant: 'phone' | 'grid';
  onOpen: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const label = t('history.open', { student: cell.student.name, lesson: cell.lesson.title });
  return (
    <button
      type="button"
      className={variant === 'phone' ? styles.phoneAction : styles.gridAction}
      aria-label={label}
      title={label}
      // In the grid the cell itself is the keyboard's stop (H opens the history).
      tabIndex={variant === 'grid' ? -1 : undefined}
      onClick={onOpen}
    >
      {variant === 'phone' ? t('history.action') : <span aria-hidden="true">⋮</span>}
    </button>
  );
}
