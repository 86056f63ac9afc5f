import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useUiStyles } from './styles.js';

export interface ErrorFallbackProps {
  error: Error;
  /** Clears the error (after onReset) and renders the children again. */
  reset: () => void;
}

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to show instead of the failed tree; a function gets the error and a reset. */
  fallback?: ReactNode | ((props: ErrorFallbackProps) => ReactNode);
  /** Called before the children are rendered again, e.g. to refetch or reload a remote. */
  onReset?: () => void;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** The default fallback: 'Ошибка, обновите страницу!' and a retry button. */
export function ErrorFallback({ reset }: ErrorFallbackProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div role="alert" className="lms-ui-error">
      <p>{t('error.render')}</p>
      <button type="button" className="lms-ui-button" onClick={reset}>
        {t('error.retry')}
      </button>
    </div>
  );
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback({ error, reset: this.reset });
    if (fallback !== undefined) return fallback;
    return <ErrorFallback error={error} reset={this.reset} />;
  }
}
