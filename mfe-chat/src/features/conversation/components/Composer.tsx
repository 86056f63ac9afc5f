import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  classifyError,
  errorMessage,
  notify,
  ProgressBar,
  shortenFileName,
  usePortalConfig,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Conversation.module.css';

interface Props {
  onSend(
    text: string,
    files: readonly File[],
    onProgress: (percent: number) => void,
  ): Promise<unknown>;
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1048576) * 10) / 10);
}

/** Text and files, with the size limit checked before sending and real upload progress. */
export function Composer({ onSend }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), files: useId(), error: useId() };

  const limit = usePortalConfig().data?.uploadLimitBytes ?? null;

  const sending = progress !== null;
  const size = files.reduce((sum, file) => sum + file.size, 0);
  const canSend = !sending && (text.trim() !== '' || files.length > 0);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    if (limit !== null && size > limit) {
      setTooBig(true);
      return;
    }
    setTooBig(false);
    setProgress(0);
    try {
      await onSend(text.trim(), files, setProgress);
      setText('');
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      if (classifyError(error).status === 413) setTooBig(true);
      else notify(t('sendFailed', { message: errorMessage(error) }), 'error');
    } finally {
      setProgress(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      {files.length > 0 && (
        <ul className={styles.chips}>
          {files.map((file, index) => (
            <li key={`${file.name}:${index}`} className={styles.chip}>
              <span title={file.name}>{shortenFileName(file.name)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('removeFile', { name: file.name })}
                onClick={() => {
                  setFiles(files.filter((_, i) => i !== index));
                  setTooBig(false);
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {tooBig && limit !== null && (
        <p id={ids.error} className={styles.error} role="alert">
          {t('tooBig', { size: megabytes(limit) })}
        </p>
      )}
      {sending && <ProgressBar value={progress} label={t('sending')} />}
      <div className={styles.row}>
        <label className={styles.attach} title={t('attach')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M16.5 6.5 8.6 14.4a2 2 0 0 0 2.8 2.8l7.8-7.8a4 4 0 0 0-5.6-5.6L5.7 11.7a6 6 0 0 0 8.5 8.5l6.3-6.3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <input
            ref={fileInput}
            id={ids.files}
            className={styles.hiddenInput}
            type="file"
            multiple
            aria-label={t('attach')}
            disabled={sending}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              const next = [...files, ...chosen];
              setFiles(next);
              setTooBig(limit !== null && next.reduce((sum, f) => sum + f.size, 0) > limit);
              event.target.value = '';
            }}
          />
        </label>
        <textarea
          id={ids.text}
          className={styles.input}
          rows={1}
          value={text}
          aria-label={t('messageLabel')}
          placeholder={t('messagePlaceholder')}
          aria-describedby={tooBig ? ids.error : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.send} disabled={!canSend}>
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  );
}
