import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaOfPath } from '../config/areas';

/** The name of the screen the path shows, for the page title ('main page' at home). */
export function usePageName(): string {
  const { t } = useTranslation();
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/lms/profile') return t('profile.title');
  if (path === '/lms/change-password') return t('password.title');
  if (path === '/lms/apps') return t('apps.title');
  const area = areaOfPath(path);
  return area ? t(`areas.${area.key}`) : t('title.main');
}
