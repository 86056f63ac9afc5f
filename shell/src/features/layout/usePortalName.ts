import { useTranslation } from 'react-i18next';
import { isLanguage, usePortalConfig, useSession } from '@lms/shared';

/**
 * The portal's name from /lms/config.json (asked after sign-in, spec §4) in the current
 * language, else the product name.
 */
export function usePortalName(): string {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const config = usePortalConfig({ enabled: user !== null }).data;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (isLanguage(lng) && config?.name[lng]) || t('brand.product');
}
