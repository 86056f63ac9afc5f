import { useTranslation } from 'react-i18next';
import { usePlainList } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import grid from './JournalGrid.module.css';
import styles from './TeacherJournal.module.css';

/**
 * What the grid's cells say about attendance, each beside a cell as the grid draws it: a QR
 * check-in, a presence marked by hand (blank), an absence, a student not marked yet.
 */
export function SourceLegend() {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const sample = (extra: string | null, text: string) => (
    <span className={[grid.sample, extra].filter(Boolean).join(' ')} aria-hidden="true">
      {text}
    </span>
  );
  return (
    <ul className={`${plainList} ${styles.legend}`} aria-label={t('legend.label')}>
      <li>
        {sample(grid.byQr ?? null, 'QR')} {t('legend.qr')}
      </li>
      <li>
        {sample(null, '')} {t('legend.hand')}
      </li>
      <li>
        {sample(grid.absent ?? null, t('mark.absent'))} {t('legend.absent')}
      </li>
      <li>
        {sample(grid.unmarked ?? null, '—')} {t('legend.none')}
      </li>
    </ul>
  );
}
