import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize, isWithinLimit } from '../format/size.js';
import { shortenFileName } from '../format/text.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { FileIcon } from './FileIcon.js';
import { ProgressBar } from './ProgressBar.js';
import { useUiStyles } from './styles.js';

export interface FileInputProps {
  /** The picker's visible text ('Файлы', 'Прикрепить файлы'); with `compact` its accessible name. */
  label: string;
  /** The chosen files (the caller owns them and empties them after a send). */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The server's upload limit on the sum of the files; null while it is not known. */
  limitBytes: number | null;
  /** Told on mount and whenever the choice turns valid or invalid (too big together, too many). */
  onValidityChange?: ((valid: boolean) => void) | undefined;
  /** Most files at once (NEWS_MAX_FILES, CHAT_MAX_FILES). */
  maxFiles?: number | undefined;
  /** The picker's file filter, e.g. '.pdf,.docx'. */
  accept?: string | undefined;
  /** Several files (the default) or one that a new pick replaces. */
  multiple?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Shows 'Вместе не больше 20 МБ' under the picker once the limit is known. */
  showLimit?: boolean | undefined;
  /** More help under the picker. */
  hint?: ReactNode;
  /** An error from outside, e.g. the server's refusal of the upload (413). */
  error?: ReactNode;
  /** Upload progress 0..100 while sending (the picker and the remove buttons are disabled). */
  progress?: number | null | undefined;
  /** An icon button (a paperclip) with the label as its name, for a chat composer. */
  compact?: boolean | undefined;
  id?: string | undefined;
  name?: string | undefined;
  className?: string | undefined;
}

export type FileProblem = 'tooMany' | 'tooBig';

/** Why the files cannot be sent as they are, or null. */
export function fileProblem(
  files: readonly File[],
  limitBytes: number | null,
  maxFiles?: number,
): FileProblem | null {
  if (maxFiles !== undefined && files.length > maxFiles) return 'tooMany';
  if (!isWithinLimit(files, limitBytes)) return 'tooBig';
  return null;
}

// The same file picked twice has the same name, size and modification time.
const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/** Adds the picked files to the chosen ones, leaving out those already chosen. */
export function addFiles(current: readonly File[], picked: readonly File[]): File[] {
  const seen = new Set(current.map(fileKey));
  const next = [...current];
  for (const file of picked) {
    if (seen.has(fileKey(file))) continue;
    seen.add(fileKey(file));
    next.push(file);
  }
  return next;
}

/**
 * The one file picker of the portal (news, chat, materials, library): the chosen files as chips
 * with their size and a remove button, the server's upload limit checked on their sum before
 * anything is sent, and the upload's real progress.
 */
export function FileInput({
  label,
  files,
  onChange,
  limitBytes,
  onValidityChange,
  maxFiles,
  accept,
  multiple = true,
  disabled = false,
  showLimit = false,
  hint,
  error,
  progress = null,
  compact = false,
  id,
  name,
  className,
}: FileInputProps) {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  const generated = useId();
  const inputId = id ?? generated;
  const ids = {
    limit: `${inputId}-limit`,
    hint: `${inputId}-hint`,
    problem: `${inputId}-problem`,
    error: `${inputId}-error`,
  };
  const sending = progress !== null;
  const locked = disabled || sending;
  const problem = fileProblem(files, limitBytes, maxFiles);
  const hasError = error !== undefined && error !== null && error !== '' && error !== false;
  const limitText = limitBytes === null ? '' : formatSize(limitBytes, t);

  const reportValidity = useRef(onValidityChange);
  useEffect(() => {
    reportValidity.current = onValidityChange;
  });
  const valid = problem === null;
  useEffect(() => {
    reportValidity.current?.(valid);
  }, [valid]);

  const describedBy = [
    showLimit && limitBytes !== null ? ids.limit : null,
    hint ? ids.hint : null,
    problem ? ids.problem : null,
    hasError ? ids.error : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={['lms-ui-file-input', className].filter(Boolean).join(' ')}>
      <div className="lms-ui-file-input__row">
        <input
          id={inputId}
          name={name}
          type="file"
          className="lms-ui-visually-hidden lms-ui-file-input__native"
          accept={accept}
          multiple={multiple}
          disabled={locked}
          aria-invalid={problem || hasError ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            // Copied first: clearing the value empties the live FileList.
            const picked = Array.from(event.target.files ?? []);
            // Cleared so the same file can be picked again after it was removed.
            event.target.value = '';
            if (picked.length === 0) return;
            onChange(multiple ? addFiles(files, picked) : picked.slice(0, 1));
          }}
        />
        <label
          htmlFor={inputId}
          className={[
            'lms-ui-button lms-ui-file-input__button',
            compact ? 'lms-ui-file-input__button--compact' : null,
          ]
            .filter(Boolean)
            .join(' ')}
          title={compact ? label : undefined}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M16.5 6.5 8.6 14.4a2 2 0 0 0 2.8 2.8l7.8-7.8a4 4 0 0 0-5.6-5.6L5.7 11.7a6 6 0 0 0 8.5 8.5l6.3-6.3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <span className={compact ? 'lms-ui-visually-hidden' : undefined}>{label}</span>
        </label>
        {showLimit && limitBytes !== null && (
          <small id={ids.limit} className="lms-ui-field__hint">
            {t('fileInput.limit', { size: limitText })}
          </small>
        )}
        {hint && (
          <small id={ids.hint} className="lms-ui-field__hint">
            {hint}
          </small>
        )}
      </div>
      {files.length > 0 && (
        <ul className="lms-ui-file-input__chips" aria-label={t('fileInput.chosen')}>
          {files.map((file) => (
            <li key={fileKey(file)} className="lms-ui-file-input__chip">
              <FileIcon fileName={file.name} size={18} />
              <span className="lms-ui-file-input__name" title={file.name}>
                {shortenFileName(file.name)}
              </span>
              <span className="lms-ui-file-input__size">{formatSize(file.size, t)}</span>
              <button
                type="button"
                className="lms-ui-icon-button"
                disabled={locked}
                aria-label={t('fileInput.remove', { name: file.name })}
                onClick={() => onChange(files.filter((each) => each !== file))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={ids.problem} role="alert" className="lms-ui-field__error">
          {problem === 'tooMany'
            ? t('fileInput.tooMany', { max: maxFiles })
            : t('fileInput.tooBig', { size: limitText })}
        </p>
      )}
      {hasError && (
        <p id={ids.error} role="alert" className="lms-ui-field__error">
          {error}
        </p>
      )}
      {sending && <ProgressBar value={progress} label={t('fileInput.uploading')} />}
    </div>
  );
}
