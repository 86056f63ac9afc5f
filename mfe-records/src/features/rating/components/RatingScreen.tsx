import { useTranslation } from 'react-i18next';
import {
  EmptyState,
  ErrorState,
  Loading,
  ROLE,
  useFormat,
  useSession,
  type RatingPlace,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRating } from '../api/rating';
import styles from './Rating.module.css';

const COHORTS = ['group', 'course', 'faculty'] as const;

/** /lms/rating: the student's place in the group, the course and the faculty. */
export function RatingScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  if (user?.role !== ROLE.student) return <EmptyState message={t('rating.studentsOnly')} />;
  return <Places />;
}

function Places() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const rating = useRating();
  if (rating.isError)
    return <ErrorState error={rating.error} onRetry={() => void rating.refetch()} />;
  const data = rating.data;
  if (!data) return <Loading />;
  if (data.average === null) return <EmptyState message={t('rating.none')} />;
  const placeText = (place: RatingPlace | null) =>
    place === null
      ? '—'
      : t('rating.place', {
          place: place.place,
          of: place.of,
          percentile: place.percentile,
        });
  return (
    <div className={styles.screen}>
      <p className={styles.average}>
        {t('rating.average')}:{' '}
        <strong data-testid="rating-average">{format.number(data.average, 2)}</strong>
      </p>
      <dl className={styles.places}>
        {COHORTS.map((cohort) => (
          <div key={cohort} className={styles.place}>
            <dt>{t(`rating.${cohort}`)}</dt>
            <dd data-testid={`rating-${cohort}`}>{placeText(data[cohort])}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{t('rating.note')}</p>
    </div>
  );
}
