import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorRequestId } from '../i18n/errorMessage.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useNotKeptOffline } from './NotKeptOffline.js';
import { useUiStyles } from './styles.js';

export interface ErrorStateProps {
  /** The failure (an ApiError, an axios error, anything thrown); shown with errorMessage. */
  error?: unknown;
  /** Shown instead of the error's own message. */
  message?: ReactNode;
  /** Adds the 'Повторить' button. */
  onRetry?: (() => void) | undefined;
  /** The retry button's text; the translated 'Повторить' by default. */
  retryLabel?: string | undefined;
  className?: string | undefined;
}

/**
 * A failed load in place of its content: the message as an alert and a retry button. Offline, a
 * load of a page the portal has not kept shows nothing here: its page says it once for all.
 */
export function ErrorState({ error, message, onRetry, retryLabel, className }: ErrorStateProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const notKept = useNotKeptOffline(error);
  if (notKept) return null;
  const requestId = error === undefined ? undefined : errorRequestId(error);
  return (
    <div
      role="alert"
      className={['lms-ui-state lms-ui-state--error', className].filter(Boolean).join(' ')}
    >
      <p className="lms-ui-state__message">{message ?? errorMessage(error)}</p>
      {requestId && (
        <p className="lms-ui-state__request">{t('error.requestId', { id: requestId })}</p>
      )}
      {onRetry && (
        <button type="button" className="lms-ui-button" onClick={onRetry}>
          {retryLabel ?? t('error.retry')}
        </button>
      )}
    </div>
  );
}
