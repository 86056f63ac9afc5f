import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { moduleOfPath, useLocalized, usePortalModules } from '../features/remotes';

/** The name of the screen the path shows, for the page title ('main page' at home). */
export function usePageName(): string {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { modules } = usePortalModules();
  const path = useLocation().pathname.replace(/\/+$/, '');
  if (path === '/lms/profile') return t('profile.title');
  if (path === '/lms/change-password') return t('password.title');
  if (path === '/lms/apps') return t('apps.title');
  const module = moduleOfPath(modules, path);
  return module ? localized(module.labels) : t('title.main');
}
