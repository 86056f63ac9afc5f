import { useTranslation } from 'react-i18next';
import { useFormat, type TestingAttemptScore } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Take.module.css';

/** What an attempt scored, whether it passed, and whether essays still wait. */
export function ResultBox({ result }: { result: TestingAttemptScore }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return (
    <div className={styles.result} role="status" data-testid="result">
      <strong>
        {t('result', {
          score: format.number(result.score),
          max: format.number(result.maxScore),
          percent: format.number(result.percent),
        })}
      </strong>
      <span>{t(result.passed ? 'passed' : 'failed')}</span>
      {result.pending > 0 && <span>{t('pending')}</span>}
    </div>
  );
}
