import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { ABSENT, type Mark } from '../../../lib/marks';

/** The choices of a mark control: present (empty), the absence, then the grades of the scale. */
export function MarkOptions({ scale }: { scale: readonly Mark[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
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
