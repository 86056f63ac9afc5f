import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { lmsStore } from '../store.js';
import { confirmQueueAtom, type ConfirmRequest } from './confirm.js';
import { useUiStyles } from './styles.js';

function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const { message, options, resolve } = request;

  // Focus moves into the dialog and, when it closes, back to where the user was.
  useEffect(() => {
    const previous = document.activeElement;
    confirmRef.current?.focus();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      resolve(false);
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep Tab and Shift+Tab cycling inside the dialog while it is open.
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>('button'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) resolve(false);
  };

  return (
    <div className="lms-ui-backdrop" onMouseDown={onBackdropMouseDown}>
      <div
        ref={dialogRef}
        className="lms-ui-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="lms-ui-dialog__title">
          {options.title ?? t('confirm.title')}
        </h2>
        <p id={messageId} className="lms-ui-dialog__message">
          {message}
        </p>
        <div className="lms-ui-dialog__actions">
          <button type="button" className="lms-ui-button" onClick={() => resolve(false)}>
            {options.cancelLabel ?? t('confirm.cancel')}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`lms-ui-button ${options.danger ? 'lms-ui-button--danger' : 'lms-ui-button--primary'}`}
            onClick={() => resolve(true)}
          >
            {options.confirmLabel ?? t('confirm.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The host of confirm(): mount it once per page, next to <Notifications />. */
export function ConfirmHost() {
  useUiStyles();
  const queue = useAtomValue(confirmQueueAtom, { store: lmsStore });
  const current = queue[0];
  // Keyed by request so each question gets a fresh dialog (and fresh focus handling).
  return current ? <ConfirmDialog key={current.id} request={current} /> : null;
}
