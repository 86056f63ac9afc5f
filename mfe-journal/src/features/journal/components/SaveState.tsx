import { useTranslation } from 'react-i18next';
import { useFormat, useVisuallyHidden } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { formatMoment } from '../../../lib/dates';
import type { SaveStatus } from '../api/useMarkSave';
import type { ConflictState } from '../types';
import styles from './JournalGrid.module.css';

export interface SaveStateProps {
  status: SaveStatus;
  /** Why the save failed. */
  error?: string | undefined;
  /** What the cell held when the save was refused as based on an older version. */
  conflict?: ConflictState | null;
  onRetry: () => void;
  /** The retry button's accessible name (it names the cell). */
  retryLabel: string;
}

/**
 * A cell's save state: a mark while saving, a tick once saved, a retry when it failed, a warning
 * naming who changed the cell and when when the save was refused for it.
 */
export function SaveState({ status, error, conflict, onRetry, retryLabel }: SaveStateProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const hidden = useVisuallyHidden();
  if (status === 'idle') return null;
  if (status === 'conflict') {
    const text =
      conflict && conflict.at !== null
        ? t('conflict.cell', {
            by: conflict.by ?? t('conflict.someone'),
            ...formatMoment(conflict.at, format),
          })
        : t('conflict.cellRemoved');
    return (
      <span className={styles.conflict} title={text}>
        <span aria-hidden="true">!</span>
        <span className={hidden}>{text}</span>
      </span>
    );
  }
  if (status === 'failed') {
    return (
      <span className={styles.failed}>
        <span className={hidden}>{t('save.failed')}</span>
        <button
          type="button"
          className={styles.retry}
          aria-label={retryLabel}
          title={error ? `${t('save.failed')}: ${error}` : t('save.failed')}
          onClick={onRetry}
        >
          ↻
        </button>
      </span>
    );
  }
  return (
    <span
      className={status === 'saving' ? styles.saving : styles.saved}
      title={t(`save.${status}`)}
    >
      <span aria-hidden="true">{status === 'saving' ? '…' : '✓'}</span>
      <span className={hidden}>{t(`save.${status}`)}</span>
    </span>
  );
}
