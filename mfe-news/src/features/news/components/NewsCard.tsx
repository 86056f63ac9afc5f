import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  FileIcon,
  NEWS_MESSAGE_MAX_LENGTH,
  splitAuthor,
  splitFileList,
  useFormat,
  type NewsItem,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { newsFileUrl } from '../api/news';
import { LinkifiedText } from './LinkifiedText';
import styles from './NewsFeed.module.css';

const AUDIENCE_KEYS = {
  all: 'audienceAll',
  teachers: 'audienceTeachers',
  students: 'audienceStudents',
} as const;

export interface NewsCardProps {
  item: NewsItem;
  /** The reader has newsPerms and the item says canEdit. */
  editable: boolean;
  onDelete: () => void;
  /** Resolves true when the new text was saved. */
  onEdit: (message: string) => Promise<boolean>;
}

/** One news item: author, date and time, the message with clickable links, attachments. */
export function NewsCard({ item, editable, onDelete, onEdit }: NewsCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const author = splitAuthor(item['p23-1']);
  const files = splitFileList(item.fileName);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.message);
  const [saving, setSaving] = useState(false);
  const editId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    setSaving(true);
    const saved = await onEdit(draft.trim());
    setSaving(false);
    if (saved) setEditing(false);
  };

  return (
    <article
      className={styles.card}
      aria-labelledby={`${editId}-author`}
      data-news-id={item.id_eventMessage}
    >
      <header className={styles.cardHeader}>
        <div className={styles.author}>
          <strong id={`${editId}-author`} className={styles.authorName}>
            {author.name}
          </strong>
          {/* The API names the role in the interface language. */}
          <span className={styles.muted}>{author.role}</span>
        </div>
        <time className={styles.when} dateTime={item.created}>
          {format.dateTime(item.created)}
        </time>
        {editable && (
          <div className={styles.actions}>
            {!editing && (
              <button
                type="button"
                className={styles.iconButton}
                title={t('edit')}
                aria-label={t('edit')}
                onClick={() => {
                  setDraft(item.message);
                  setEditing(true);
                }}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M4 17.25V20h2.75L17.8 8.94l-2.75-2.75L4 17.25zm15.7-9.04a1 1 0 0 0 0-1.41l-2.5-2.5a1 1 0 0 0-1.41 0l-1.83 1.83 3.91 3.91 1.83-1.83z"
                    fill="currentColor"
                  />
                </svg>
              </button>
            )}
            <button
              type="button"
              className={`${styles.iconButton} ${styles.danger}`}
              title={t('deleteTitle')}
              aria-label={t('deleteTitle')}
              onClick={onDelete}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M9 3h6l1 1h4v2H4V4h4l1-1zm-3 5h12l-1 13H7L6 8zm4 2v9h1.5v-9H10zm3.5 0v9H15v-9h-1.5z"
                  fill="currentColor"
                />
              </svg>
            </button>
          </div>
        )}
      </header>

      {editing ? (
        <form className={styles.editForm} onSubmit={(event) => void save(event)}>
          <label htmlFor={`${editId}-text`} className={styles.label}>
            {t('editLabel')}
          </label>
          <textarea
            id={`${editId}-text`}
            className={styles.textarea}
            value={draft}
            maxLength={NEWS_MESSAGE_MAX_LENGTH}
            required
            rows={4}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className={styles.row}>
            <Button variant="primary" type="submit" disabled={saving || draft.trim() === ''}>
              {t('save')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <LinkifiedText text={item.message} className={styles.message} />
      )}

      {files.length > 0 && (
        <ul className={styles.files} aria-label={t('attachments')}>
          {files.map((name) => (
            <li key={name}>
              {/* Named by the file name it shows; a long one is cut by CSS only, so the name holds all of it. */}
              <a
                className={styles.file}
                href={newsFileUrl(item.id_eventMessage, name)}
                download={name}
                title={name}
              >
                <FileIcon fileName={name} size={20} />
                <span className={styles.fileName}>{name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {editable && <p className={styles.audience}>{t(AUDIENCE_KEYS[item.audience])}</p>}
    </article>
  );
}
