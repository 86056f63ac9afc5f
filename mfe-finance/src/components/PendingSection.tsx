import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@lms/shared';
import { NAMESPACE } from '../i18n';
import styles from './PendingSection.module.css';

interface PendingSectionProps {
  /** Key of the section title in this remote's namespace. */
  titleKey: string;
  /** Key of the sentence that says what the section will offer. */
  descriptionKey: string;
  /** 'pane' is the compact form for the shell's grid panes. */
  variant?: 'page' | 'pane';
}

/**
 * What a section shows until its feature lands: the title, a plain "being built" notice and the
 * signed-in user, read from the shared session to prove the remote runs inside the portal's store.
 * The data attributes let the shell's tests and QA tell which remote and build rendered.
 */
export function PendingSection({
  titleKey,
  descriptionKey,
  variant = 'page',
}: PendingSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const headingId = useId();
  return (
    <section
      className={variant === 'pane' ? `${styles.section} ${styles.pane}` : styles.section}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <h2 id={headingId} className={styles.title}>
        {t(titleKey)}
      </h2>
      <p className={styles.badge}>{t('underConstruction')}</p>
      <p className={styles.text}>{t(descriptionKey)}</p>
      {variant === 'page' && user && (
        <p className={styles.muted}>{t('signedInAs', { name: user.fullName })}</p>
      )}
      <small className={styles.version}>{t('version', { version: __APP_VERSION__ })}</small>
    </section>
  );
}
