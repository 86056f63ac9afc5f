import { useTranslation } from 'react-i18next';
import { useFormat, type AttemptReviewItem } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Take.module.css';

/**
 * A closed attempt's question as the test lets its student review it: the points it earned and
 * the teacher's feedback (that of the options chosen, then the question's).
 */
export function ReviewNote({
  item,
  points,
}: {
  item: AttemptReviewItem | undefined;
  points: number;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  if (!item) return null;
  return (
    <div className={styles.review} data-testid="review">
      <p>
        {item.awarded === null
          ? t('reviewPending')
          : t('reviewPoints', { got: format.number(item.awarded), all: format.number(points) })}
      </p>
      {item.feedback.map((text, i) => (
        <p key={i}>
          <strong>{t('feedback')}:</strong> {text}
        </p>
      ))}
    </div>
  );
}
