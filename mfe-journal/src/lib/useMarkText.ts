import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { ABSENT, type Mark } from './marks';

/**
 * A mark as the reader's language writes it: the stored absence 'н/б' reads 'к/ж' in Kyrgyz and
 * 'abs' in English (the server's exports say the same); grades and '' (present) are unchanged.
 */
export function useMarkText(): (mark: Mark) => string {
  const { t } = useTranslation(NAMESPACE);
  return (mark) => (mark === ABSENT ? t('mark.absent') : mark);
}
