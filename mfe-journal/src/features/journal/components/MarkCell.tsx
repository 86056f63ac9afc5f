import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { ABSENT, type Mark } from '../../../lib/marks';
import { useMarkSave } from '../api/useMarkSave';
import { markFromKey, overridesCheckIn, sourceAfterHandMark } from '../grid';
import type { CellRef, CellSource, SaveMark } from '../types';
import { useMarkText } from '../../../lib/useMarkText';
import { CellHistoryAction, CellHistoryDialog } from './CellHistory';
import { MarkOptions, UNMARKED } from './MarkOptions';
import { SaveState } from './SaveState';
import { useCellWords } from './useCellWords';
import styles from './JournalGrid.module.css';

export interface MarkCellProps {
  cell: CellRef;
  /** The mark the server has. */
  mark: Mark;
  /** Its version on the server (0: the student is not on the lesson's list). */
  version: number;
  /** How its attendance was recorded ('none': not marked yet). */
  source: CellSource;
  scale: readonly Mark[];
  save: SaveMark;
  /** The cell holds the grid's one tab stop. */
  active: boolean;
  /** The grid asks the cell to take the focus (it became active by a key). */
  focusRequest: number;
  onFocus: () => void;
  /** A key the cell does not use (moving between cells); true when the grid used it. */
  onNavigate: (event: KeyboardEvent<HTMLElement>) => boolean;
}

/**
 * One cell of the grid: a button that takes a mark from the keyboard (a grade, 'н', Delete) or
 * from a select opened by a click, saves it on its own and shows saving / saved / failed / changed
 * elsewhere. It shows how the attendance was recorded: 'QR' for the student's check-in, blank for
 * a presence marked by hand, '—' for a student not marked yet; an absence over a check-in is
 * asked first. A colleague's lesson's cell shows its mark and takes none (aria-disabled, still a
 * stop of the grid's keyboard path, its name saying whose lesson it is).
 */
export function MarkCell({
  cell,
  mark,
  version,
  source,
  scale,
  save,
  active,
  focusRequest,
  onFocus,
  onNavigate,
}: MarkCellProps) {
  const { t } = useTranslation(NAMESPACE);
  const markText = useMarkText();
  const words = useCellWords();
  const saving = useMarkSave(cell, save);
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = saving.pending ?? mark;
  const shownSource =
    saving.pending === undefined ? source : sourceAfterHandMark(source, saving.pending);
  const owner = cell.lesson.owner;

  useEffect(() => {
    if (focusRequest > 0 && active) {
      button.current?.focus();
      // Beside the students' names, never under them (the grid's scroll padding).
      button.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    }
  }, [focusRequest, active]);

  const set = async (next: Mark) => {
    if (next === shown && shownSource !== 'none') return;
    if (overridesCheckIn(shownSource, next) && !(await words.confirmOverride(cell))) return;
    saving.set(next, version);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (onNavigate(event)) return;
    if (owner !== null) return;
    const next = markFromKey(event, scale, t('mark.absent'));
    if (next === undefined && HISTORY_KEYS.has(event.key)) {
      event.preventDefault();
      setHistory(true);
      return;
    }
    if (next === undefined) {
      if (event.key === 'F2') {
        event.preventDefault();
        setEditing(true);
      }
      return;
    }
    event.preventDefault();
    void set(next);
  };

  const cellLabel = t('grid.cellLabel', {
    student: cell.student.name,
    lesson: cell.lesson.title,
    mark: words.spoken(shown, shownSource),
  });
  const label =
    owner === null ? cellLabel : `${cellLabel}. ${t('lesson.readOnly', { teacher: owner })}`;

  return (
    <div className={styles.cell} data-status={saving.status}>
      {editing ? (
        <select
          className={styles.cellSelect}
          aria-label={label}
          value={shownSource === 'none' ? UNMARKED : shown}
          autoFocus
          onChange={(event) => {
            const next = event.target.value;
            setEditing(false);
            // Back on the cell first: a question about the mark returns the focus there.
            requestAnimationFrame(() => {
              button.current?.focus();
              void set(next);
            });
          }}
          onBlur={() => setEditing(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setEditing(false);
              button.current?.focus();
            }
          }}
        >
          <MarkOptions scale={scale} unmarked={shownSource === 'none'} />
        </select>
      ) : (
        <button
          ref={button}
          type="button"
          className={[
            styles.mark,
            shown === ABSENT ? styles.absent : null,
            shownSource === 'none' ? styles.unmarked : null,
            shownSource === 'qr' && shown === '' ? styles.byQr : null,
            owner === null ? null : styles.readOnly,
          ]
            .filter(Boolean)
            .join(' ')}
          tabIndex={active ? 0 : -1}
          aria-label={label}
          aria-disabled={owner === null ? undefined : true}
          aria-keyshortcuts={owner === null ? 'H' : undefined}
          title={
            owner === null
              ? shownSource === 'qr'
                ? t('source.qr')
                : undefined
              : t('lesson.givenBy', { teacher: owner })
          }
          data-source={shownSource}
          onFocus={onFocus}
          onClick={() => {
            if (owner === null) setEditing(true);
          }}
          onKeyDown={onKeyDown}
        >
          <CellText mark={markText(shown)} source={shownSource} />
        </button>
      )}
      {owner === null && (
        <CellHistoryAction cell={cell} variant="grid" onOpen={() => setHistory(true)} />
      )}
      {history && <CellHistoryDialog cell={cell} onClose={() => setHistory(false)} />}
      <SaveState
        status={saving.status}
        error={saving.status === 'failed' ? errorMessage(saving.error) : undefined}
        conflict={saving.conflict}
        onRetry={saving.retry}
        retryLabel={t('save.retryCell', { student: cell.student.name, lesson: cell.lesson.title })}
      />
    </div>
  );
}

/** The keys that open a cell's history: H, on a Latin or a Cyrillic layout (the same key). */
const HISTORY_KEYS = new Set(['h', 'H', 'р', 'Р']);

/** What a cell shows: '—' not marked yet, 'QR' present by check-in (a grade with a small 'QR'). */
function CellText({ mark, source }: { mark: Mark; source: CellSource }) {
  if (source === 'none') return '—';
  if (source !== 'qr') return mark;
  if (mark === '') return 'QR';
  return (
    <>
      {mark}
      <span className={styles.qrTag}>QR</span>
    </>
  );
}
