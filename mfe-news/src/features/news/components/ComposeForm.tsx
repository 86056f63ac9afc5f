import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorMessage,
  FileIcon,
  ProgressBar,
  shortenFileName,
  usePortalConfig,
  type NewsAudience,
  type NewsItem,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { getFaculties, insertNews } from '../api/compose';
import { newsKeys } from '../api/news';
import { MESSAGE_MAX_LENGTH, sizeParts } from '../limits';
import styles from './NewsFeed.module.css';

const AUDIENCES: { value: NewsAudience; key: string }[] = [
  { value: 'all', key: 'audienceAll' },
  { value: 'teachers', key: 'audienceTeachers' },
  { value: 'students', key: 'audienceStudents' },
];

export interface ComposeFormProps {
  /** The author's person id (registered-faculty-list takes it). */
  personId: number;
  onPosted: (item: NewsItem) => void;
}

/** The compose form of users with newsPerms: text, audience, faculty, attachments. */
export function ComposeForm({ personId, onPosted }: ComposeFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<NewsAudience>('all');
  const [faculty, setFaculty] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const facultyList = useQuery({
    queryKey: newsKeys.faculties(personId),
    queryFn: () => getFaculties({ id: personId }),
  });
  const faculties = facultyList.data ?? [];
  // Without the limit the server still refuses a too-big upload (413) with its own message.
  const limit = usePortalConfig().data?.uploadLimitBytes ?? null;
  const shownError = error || (facultyList.isError ? errorMessage(facultyList.error) : '');

  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const tooBig = limit !== null && totalBytes > limit;
  const limitText =
    limit === null ? '' : t(sizeParts(limit).key, { value: sizeParts(limit).value });
  const sending = progress !== null;

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    // Copied now: clearing the input below empties the live FileList.
    const picked = Array.from(list);
    setFiles((current) => {
      const names = new Set(current.map((file) => file.name));
      return [...current, ...picked.filter((file) => !names.has(file.name))];
    });
    // The same file can be picked again after it was removed.
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (message.trim() === '') {
      setError(t('messageRequired'));
      return;
    }
    if (tooBig) return;
    setProgress(0);
    try {
      const item = await insertNews(
        {
          message: message.trim(),
          audience,
          facultyId: faculty === '' ? null : Number(faculty),
          files,
        },
        setProgress,
      );
      setMessage('');
      setAudience('all');
      setFaculty('');
      setFiles([]);
      onPosted(item);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className={styles.compose}
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
    >
      <h3 id={`${id}-title`} className={styles.composeTitle}>
        {t('composeTitle')}
      </h3>
      <label htmlFor={`${id}-message`} className={styles.label}>
        {t('message')}
      </label>
      <textarea
        id={`${id}-message`}
        className={styles.textarea}
        value={message}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        disabled={sending}
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-audience`} className={styles.label}>
            {t('audience')}
          </label>
          <select
            id={`${id}-audience`}
            className={styles.select}
            value={audience}
            disabled={sending}
            onChange={(event) => setAudience(event.target.value as NewsAudience)}
          >
            {AUDIENCES.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.key)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-faculty`} className={styles.label}>
            {t('faculty')}
          </label>
          <select
            id={`${id}-faculty`}
            className={styles.select}
            value={faculty}
            disabled={sending}
            onChange={(event) => setFaculty(event.target.value)}
          >
            <option value="">{t('allFaculties')}</option>
            {faculties.map((option) => (
              <option key={option.id_faculty} value={String(option.id_faculty)}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.field}>
        <input
          id={`${id}-files`}
          ref={fileInput}
          className={styles.visuallyHidden}
          type="file"
          multiple
          disabled={sending}
          aria-describedby={limit === null ? undefined : `${id}-limit`}
          onChange={(event) => addFiles(event.target.files)}
        />
        <label htmlFor={`${id}-files`} className={styles.fileButton}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M16.5 6.5v10.5a4.5 4.5 0 0 1-9 0V5.5a3 3 0 0 1 6 0v10a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0v-10a4.5 4.5 0 0 0-9 0V17a6 6 0 0 0 12 0V6.5h-1.5z"
              fill="currentColor"
            />
          </svg>
          {t('files')}
        </label>
        {limit !== null && (
          <small id={`${id}-limit`} className={styles.muted}>
            {t('limitHint', { limit: limitText })}
          </small>
        )}
      </div>
      {files.length > 0 && (
        <ul className={styles.selected} aria-label={t('selectedFiles')}>
          {files.map((file) => (
            <li key={file.name} className={styles.selectedFile}>
              <FileIcon fileName={file.name} size={18} />
              <span title={file.name}>{shortenFileName(file.name)}</span>
              <button
                type="button"
                className={styles.linkButton}
                disabled={sending}
                aria-label={t('removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((each) => each !== file))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {tooBig && (
        <p className={styles.errorText} role="alert">
          {t('tooBig', { limit: limitText })}
        </p>
      )}
      {shownError && (
        <p className={styles.errorText} role="alert">
          {shownError}
        </p>
      )}
      {sending && <ProgressBar value={progress} label={t('uploadProgress')} />}
      <div className={styles.row}>
        <button type="submit" className={styles.primary} disabled={sending || tooBig}>
          {sending ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  );
}
