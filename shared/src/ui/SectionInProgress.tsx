import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useSession } from '../session/useSession.js';
import { useUiStyles } from './styles.js';

export interface SectionInProgressProps {
  /** The remote that renders it (its federation name), for `data-remote`. */
  remote: string;
  /** The remote's own build version: shared is one copy for all apps, so it cannot know it. */
  version: string;
  /**
   * Which of the remote's areas: the texts are `<area>Title` / `<area>Description` of the
   * remote's namespace (`title` / `description` without an area).
   */
  area?: string;
  /** 'pane' is the compact form for the shell's grid panes. */
  variant?: 'page' | 'pane';
}

/**
 * What a remote's section shows until its feature lands: the title, a plain "being built"
 * notice and the signed-in user (read from the shared session). The data attributes tell tests
 * and QA which remote and which build rendered.
 */
export function SectionInProgress({
  remote,
  version,
  area,
  variant = 'page',
}: SectionInProgressProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const { t: text } = useTranslation(remote);
  const title = text(area ? `${area}Title` : 'title');
  const description = text(area ? `${area}Description` : 'description');
  const { user } = useSession();
  const headingId = useId();
  return (
    <section
      className={`lms-ui-section lms-ui-section--${variant}`}
      aria-labelledby={headingId}
      data-remote={remote}
      data-remote-version={version}
    >
      <h2 id={headingId} className="lms-ui-section__title">
        {title}
      </h2>
      <p className="lms-ui-section__badge">{t('section.inProgress')}</p>
      <p className="lms-ui-section__text">{description}</p>
      {variant === 'page' && user && (
        <p className="lms-ui-section__muted">{t('section.signedInAs', { name: user.fullName })}</p>
      )}
      <small className="lms-ui-section__muted">{t('section.version', { version })}</small>
    </section>
  );
}
