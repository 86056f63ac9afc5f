import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  errorMessage,
  FileInput,
  NEWS_MAX_FILES,
  NEWS_MESSAGE_MAX_LENGTH,
  usePortalConfig,
  type NewsAudience,
  type NewsItem,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { insertNews, useFaculties } from '../api/compose';
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
  const [filesValid, setFilesValid] = useState(true);

  const facultyList = useFaculties(personId);
  const faculties = facultyList.data ?? [];
  // Without the limit the server still refuses a too-big upload (413) with its own message.
  const limit = usePortalConfig().data?.uploadLimitBytes ?? null;
  const shownError = error || (facultyList.isError ? errorMessage(facultyList.error) : '');

  const sending = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (message.trim() === '') {
      setError(t('messageRequired'));
      return;
    }
    if (!filesValid) return;
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
      <h2 id={`${id}-title`} className={styles.composeTitle}>
        {t('composeTitle')}
      </h2>
      <label htmlFor={`${id}-message`} className={styles.label}>
        {t('message')}
      </label>
      <textarea
        id={`${id}-message`}
        className={styles.textarea}
        value={message}
        maxLength={NEWS_MESSAGE_MAX_LENGTH}
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
      <FileInput
        label={t('files')}
        files={files}
        onChange={setFiles}
        limitBytes={limit}
        maxFiles={NEWS_MAX_FILES}
        showLimit
        progress={progress}
        disabled={sending}
        onValidityChange={setFilesValid}
      />
      {shownError && (
        <p className={styles.errorText} role="alert">
          {shownError}
        </p>
      )}
      <div className={styles.row}>
        <Button variant="primary" type="submit" disabled={sending || !filesValid}>
          {sending ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
