import { useTranslation } from 'react-i18next';
import { isLanguage, usePortalConfig, useSession } from '@lms/shared';
import { frameName } from '../frame';

/**
 * The portal's name from /lms/config.json (asked after sign-in, spec §4) in the current
 * language; until it has come, the name the server wrote the page's frame with; else the
 * product name.
 */
export function usePortalName(): string {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const config = usePortalConfig({ enabled: user !== null }).data;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (isLanguage(lng) && config?.name[lng]) || frameName(lng) || t('brand.product');
}
