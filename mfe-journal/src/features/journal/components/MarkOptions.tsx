import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { ABSENT, type Mark } from '../../../lib/marks';

/** A mark control's value while the student is not marked yet (no mark is that). */
export const UNMARKED = '#unmarked';

/**
 * The choices of a mark control: present (empty), the absence, then the grades of the scale;
 * first, for a student not marked yet, that state (shown, not chosen).
 */
export function MarkOptions({
  scale,
  unmarked = false,
}: {
  scale: readonly Mark[];
  unmarked?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      {unmarked && (
        <option value={UNMARKED} disabled>
          {t('mark.unmarked')}
        </option>
      )}
      <option value="">{t('mark.present')}</option>
      <option value={ABSENT}>{t('mark.absent')}</option>
      {scale
        .filter((grade) => grade !== ABSENT && grade !== '')
        .map((grade) => (
          <option key={grade} value={grade}>
            {grade}
          </option>
        ))}
    </>
  );
}
