import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Loading, PageFrame } from '@lms/shared';
import { frameHeading } from './frame';

/**
 * What the content pane shows while the area of the page the server wrote a frame for loads:
 * that heading over "loading", where the area's own page will have it (null for any other page:
 * the pane's plain "loading"). The shell's, not the remote's (`data-remote="shell"`).
 */
export function useFramePlaceholder() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const heading = frameHeading(pathname, i18n.resolvedLanguage ?? i18n.language);
  return heading ? (
    <PageFrame remote="shell" version="" title={heading.title} description={heading.description}>
      <Loading />
    </PageFrame>
  ) : null;
}
