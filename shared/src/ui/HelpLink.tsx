import { useTranslation } from 'react-i18next';
import { Link, useInRouterContext, useLocation } from 'react-router-dom';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { manualPath, manualSectionOf, type ManualSection } from '../routing/manual.js';
import { useUiStyles } from './styles.js';

export interface HelpLinkProps {
  /** The manual's section this link opens. */
  section: ManualSection;
  className?: string | undefined;
}

/** "Help": opens the portal's manual at one screen's section (/lms/manual/<section>). */
export function HelpLink({ section, className }: HelpLinkProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Link
      to={manualPath(section)}
      className={['lms-ui-help-link', className].filter(Boolean).join(' ')}
      data-manual-section={section}
    >
      <span aria-hidden="true" className="lms-ui-help-link__icon">
        ?
      </span>
      {t('help.link')}
      <span className="lms-ui-visually-hidden">{t('help.forScreen')}</span>
    </Link>
  );
}

/** The help link of the screen at the current address, when the manual describes it. */
function HelpOfRoute() {
  const section = manualSectionOf(useLocation().pathname);
  return section ? <HelpLink section={section} /> : null;
}

/**
 * The page frame's help link: the current route's section, or the one the screen names
 * (`false`: none). Outside a router (a component test) there is no link.
 */
export function PageHelp({ section }: { section?: ManualSection | false | undefined }) {
  const routed = useInRouterContext();
  if (section === false || !routed) return null;
  return section ? <HelpLink section={section} /> : <HelpOfRoute />;
}
