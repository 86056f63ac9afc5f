import { useTranslation } from 'react-i18next';
import type { EvaluationResult } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { Distribution } from './Distribution';
import styles from './Questionnaire.module.css';

/** The results of one discipline × teacher, or "not enough answers to show". */
export function ResultCard({ result }: { result: EvaluationResult }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <li className={styles.card}>
      <h3 className={styles.cardTitle}>{result.discipline}</h3>
      <p className={styles.meta}>
        {result.teacher} · {result.title} · 20{String(result.year).padStart(2, '0')},{' '}
        {t(`ws.${result.ws}`)}
      </p>
      <p className={styles.meta}>{t('results.answered', { count: result.answered })}</p>
      {result.enough ? (
        result.items.map((item) => <Distribution key={item.id} item={item} />)
      ) : (
        <p className={styles.notEnough} role="status">
          {t('results.notEnough', { min: result.minAnswers })}
        </p>
      )}
    </li>
  );
}
