import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title to '<page> | <portal>' in the current language. */
export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const portal = t('title.portal');
  useEffect(() => {
    document.title = `${page} | ${portal}`;
  }, [page, portal]);
}
