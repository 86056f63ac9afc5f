import { useTranslation } from 'react-i18next';
import type { EvaluationItemResult } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Questionnaire.module.css';

/**
 * One item's results: a bar per scale point or option (a table, so a screen reader reads the
 * label and the count; the bars are for the eye), or the free texts.
 */
export function Distribution({ item }: { item: EvaluationItemResult }) {
  const { t } = useTranslation(NAMESPACE);
  if (item.kind === 'text') {
    return (
      <section className={styles.item} aria-label={item.text}>
        <h4 className={styles.legend}>{item.text}</h4>
        {item.texts.length === 0 ? (
          <p className={styles.meta}>{t('results.noTexts')}</p>
        ) : (
          <ul className={styles.texts}>
            {item.texts.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        )}
      </section>
    );
  }
  const total = item.counts.reduce((sum, n) => sum + n, 0);
  const most = Math.max(1, ...item.counts);
  return (
    <table className={styles.chart}>
      <caption className={styles.legend}>{item.text}</caption>
      <thead className={styles.hidden}>
        <tr>
          <th scope="col">{t('results.option')}</th>
          <th scope="col">{t('results.count')}</th>
        </tr>
      </thead>
      <tbody>
        {item.labels.map((label, index) => {
          const n = item.counts[index] ?? 0;
          return (
            <tr key={index}>
              <th scope="row" className={styles.barLabel}>
                {item.kind === 'scale' ? `${index + 1} — ${label}` : label}
              </th>
              <td className={styles.barCell}>
                <span
                  className={styles.bar}
                  style={{ width: `${(n / most) * 100}%` }}
                  aria-hidden="true"
                />
                <span className={styles.count}>
                  {n}
                  {total > 0 && ` (${Math.round((n / total) * 100)}%)`}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
