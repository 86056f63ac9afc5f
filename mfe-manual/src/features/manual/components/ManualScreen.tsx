import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ErrorBoundary,
  ErrorState,
  isManualSection,
  Loading,
  MANUAL_PATH,
  PageFrame,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useManual, useReader } from '../useManual';
import { ManualSearch } from './ManualSearch';
import styles from './Manual.module.css';
import { SectionView } from './SectionView';
import { Toc } from './Toc';

function Frame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageFrame remote={NAMESPACE} version={__APP_VERSION__} title={title} description={description}>
      {children}
    </PageFrame>
  );
}

/** The contents (no section) or one section's help, with the search above either. */
function ManualPages({ section }: { section: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const manual = useManual();
  const reader = useReader();
  const page = section !== null && isManualSection(section) ? manual[section] : null;
  if (section !== null && !page) {
    return (
      <Frame title={t('title')} description={t('description')}>
        <p role="alert">{t('section.notFound')}</p>
        <p>
          <Link to={MANUAL_PATH}>{t('section.all')}</Link>
        </p>
      </Frame>
    );
  }
  return (
    <Frame
      title={page ? page.title : t('title')}
      description={page ? page.purpose : t('description')}
    >
      <div className={styles.manual}>
        <ManualSearch manual={manual} reader={reader} />
        {page ? (
          <SectionView key={page.section} page={page} reader={reader} />
        ) : (
          <Toc manual={manual} reader={reader} />
        )}
      </div>
    </Frame>
  );
}

/**
 * The manual: /lms/manual is its contents, /lms/manual/<section> a screen's help (the address a
 * screen's help link opens). The text of the reader's language loads as its own chunk.
 */
export function ManualScreen({ section }: { section: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ErrorBoundary
      fallback={({ reset }) => (
        <Frame title={t('title')} description={t('description')}>
          <ErrorState message={t('loadFailed')} onRetry={reset} retryLabel={t('retry')} />
        </Frame>
      )}
    >
      <Suspense
        fallback={
          <Frame title={t('title')} description={t('description')}>
            <Loading />
          </Frame>
        }
      >
        <ManualPages section={section} />
      </Suspense>
    </ErrorBoundary>
  );
}
