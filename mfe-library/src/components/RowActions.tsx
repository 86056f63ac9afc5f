import { Button, useVisuallyHidden } from '@lms/shared';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import styles from './RowActions.module.css';

export interface RowActionsProps {
  /** The row's title: said after each button's visible word, for screen readers. */
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  deleting?: boolean;
}

/**
 * A row's "Edit" and "Delete": each button's name starts with the word it shows (a voice-control
 * user says what they see) and goes on with the row's title, hidden, so a screen reader tells the
 * rows' buttons apart.
 */
export function RowActions({ name, onEdit, onDelete, deleting = false }: RowActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const hidden = useVisuallyHidden();
  const quoted = <span className={hidden}> {t('book.quoted', { name })}</span>;
  if (!onEdit && !onDelete) return null;
  return (
    <div className={styles.actions}>
      {onEdit && (
        <Button onClick={onEdit}>
          {t('book.edit')}
          {quoted}
        </Button>
      )}
      {onDelete && (
        <Button onClick={onDelete} disabled={deleting}>
          {t('book.delete')}
          {quoted}
        </Button>
      )}
    </div>
  );
}
