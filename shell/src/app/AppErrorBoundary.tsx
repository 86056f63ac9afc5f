import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@lms/shared';
import { dropPrerendered } from '../features/auth';
import { isStaleChunkError, pageReloader, reloadIfStale } from '../features/remotes';
import styles from './AppErrorBoundary.module.css';

function RenderFailure() {
  const { t } = useTranslation();
  // The prerendered login screen must not hide the failure.
  useLayoutEffect(() => dropPrerendered(), []);
  return (
    <div role="alert" className={styles.failure}>
      <p className={styles.message}>{t('errors.render')}</p>
      <button type="button" className={styles.reload} onClick={() => pageReloader.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

/**
 * The last line of defence: a render failure anywhere in the shell shows 'Ошибка, обновите
 * страницу!'. A shell chunk that vanished with a deploy reloads the page once instead.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={<RenderFailure />}
      onError={(error, info) => {
        console.error('The shell failed to render', error, info.componentStack);
        if (isStaleChunkError(error)) void reloadIfStale('shell');
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
