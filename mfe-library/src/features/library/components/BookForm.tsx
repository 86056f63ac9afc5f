import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  type EBook,
  errorMessage,
  FileInput,
  FormError,
  notify,
  PLACEHOLDER_ID,
  TextAreaField,
  usePortalConfig,
  useSession,
} from '@lms/shared';
import styles from '../../../components/Common.module.css';
import { PublicationFields, type PublicationValues } from '../../../components/PublicationFields';
import { NAMESPACE } from '../../../i18n';
import { useCategories, useSaveBook } from '../api/library';

export interface BookFormProps {
  /** The book being edited; null for a new one. */
  book: EBook | null;
  /** The category chosen in the list, the new book's default. */
  categoryId: number | null;
  onSaved: (book: EBook, isNew: boolean) => void;
  onCancel: () => void;
}

/** Upload a new book or edit one's own: fields, one file, the upload's real progress. */
export function BookForm({ book, categoryId, onSaved, onCancel }: BookFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const config = usePortalConfig();
  const categories = useCategories(null);
  const [fields, setFields] = useState<PublicationValues>({
    name: book?.nameBook ?? '',
    author: book?.author ?? '',
    pages: book ? String(book.totalPages) : '',
  });
  const { name, author, pages } = fields;
  const [description, setDescription] = useState(book?.description ?? '');
  const [category, setCategory] = useState<number | null>(book?.id_bookCategory ?? categoryId);
  const [files, setFiles] = useState<File[]>([]);
  const [valid, setValid] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useSaveBook(setProgress, (saved) => {
    notify(t('book.saved'), 'success');
    onSaved(saved, book === null);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem(t('form.nameRequired'));
    if (category === null) return setProblem(t('form.categoryRequired'));
    if (!/^\d{0,6}$/.test(pages.trim())) return setProblem(t('form.pagesNumber'));
    if (book === null && files.length === 0) return setProblem(t('form.fileRequired'));
    if (!valid) return;
    setProblem(null);
    save.mutate({
      fields: {
        id_eBook: String(book?.id_eBook ?? PLACEHOLDER_ID),
        nameBook: name.trim(),
        author: author.trim(),
        description: description.trim(),
        totalPages: pages.trim() || '0',
        id_bookCategory: String(category ?? PLACEHOLDER_ID),
        ...(user && { id_human: String(user.id), id_humanType: String(user.role) }),
      },
      file: files[0] ?? null,
    });
  };

  const busy = save.isPending;
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t(book ? 'book.edit' : 'book.add')}
    >
      <PublicationFields
        nameLabel={t('book.name')}
        values={fields}
        onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
        disabled={busy}
      />
      <ChoiceSelect
        label={t('library.category')}
        items={categories.data}
        getId={(item) => item.id_bookCategory}
        getLabel={(item) => item.name}
        value={category}
        onChange={(id) => setCategory(id)}
        placeholder
        loading={categories.isPending}
        loadError={categories.error}
        onRetry={() => void categories.refetch()}
        disabled={busy}
      />
      <TextAreaField
        className={styles.wide}
        label={t('book.annotation')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={4000}
        rows={3}
        disabled={busy}
      />
      <div className={styles.wide}>
        <FileInput
          label={t(book ? 'form.replaceFile' : 'form.file')}
          files={files}
          onChange={setFiles}
          multiple={false}
          limitBytes={config.data?.uploadLimitBytes ?? null}
          onValidityChange={setValid}
          showLimit
          progress={progress}
          error={save.error ? errorMessage(save.error) : undefined}
        />
      </div>
      {problem && <FormError className={styles.wide}>{problem}</FormError>}
      <div className={`${styles.row} ${styles.wide}`}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('form.uploading') : t('form.save')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
