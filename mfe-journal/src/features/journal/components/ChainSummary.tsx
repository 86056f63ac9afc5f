import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './TeacherJournal.module.css';

export interface ChainSummaryProps {
  /** The chosen journal's discipline, group (or subgroup) and lesson type, as the selects name them. */
  discipline: string;
  group: string;
  lessonType: string;
  /** The semester chosen, e.g. "Осенний, 2026–2027". */
  semester: string;
  /** Whether the choices are shown under the summary. */
  expanded: boolean;
  /** The id of the choices' element (shown when expanded). */
  controls: string;
  onToggle: () => void;
  toggleRef?: Ref<HTMLButtonElement>;
}

/**
 * On a phone, the chosen journal in a line or two, with a button that shows or hides its choices:
 * the students of the list come on the first screen instead of five selects.
 */
export function ChainSummary({
  discipline,
  group,
  lessonType,
  semester,
  expanded,
  controls,
  onToggle,
  toggleRef,
}: ChainSummaryProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className={styles.summary} data-testid="journal-choice">
      <p className={styles.summaryText}>
        <span className={styles.summaryTitle}>{discipline}</span>
        <span className={styles.summaryDetail}>
          {group} · {lessonType} · {semester}
        </span>
      </p>
      <Button
        ref={toggleRef}
        variant="secondary"
        className={styles.summaryToggle}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        aria-label={t('chain.changeLabel')}
        onClick={onToggle}
      >
        {t('chain.change')}
      </Button>
    </div>
  );
}
