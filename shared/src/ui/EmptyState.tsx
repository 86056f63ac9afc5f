import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useUiStyles } from './styles.js';

export interface EmptyStateProps {
  /** What is missing ('Нет сообщений'); the translated 'Нет данных' by default. */
  message?: ReactNode;
  /** A way forward, e.g. a button that opens the compose form. */
  action?: ReactNode;
  className?: string | undefined;
}

/** A list or table with nothing in it: a muted message and an optional action. */
export function EmptyState({ message, action, className }: EmptyStateProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div className={['lms-ui-state', className].filter(Boolean).join(' ')}>
      <p className="lms-ui-state__message">{message ?? t('empty')}</p>
      {action}
    </div>
  );
}
