import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  errorMessage,
  FileInput,
  FormError,
  notify,
  PLACEHOLDER_ID,
  SelectField,
  TextAreaField,
  UMK_AUDIENCES,
  UMK_KINDS,
  type UmkAudience,
  type UmkItem,
  type UmkKind,
  type UmkType,
  usePortalConfig,
  useSession,
} from '@lms/shared';
import styles from './UmkForm.module.css';
import { PublicationFields, type PublicationValues } from '../../../components/PublicationFields';
import { NAMESPACE } from '../../../i18n';
import { useBookCategories, useExamTypes, useSaveMaterial } from '../api/umk';

export interface UmkFormProps {
  /** The material being edited; null for a new one. */
  item: UmkItem | null;
  /** Where a new material goes: the chosen semester and discipline. */
  semester: number;
  disciplineId: number;
  /** The discipline's name, shown on the form: the teacher sees where the material goes. */
  disciplineName: string;
  types: UmkType[] | undefined;
  onSaved: (item: UmkItem, isNew: boolean) => void;
  onCancel: () => void;
}

/** Add or edit a teaching material: its description, one file and the upload's real progress. */
export function UmkForm({
  item,
  semester,
  disciplineId,
  disciplineName,
  types,
  onSaved,
  onCancel,
}: UmkFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const config = usePortalConfig();
  const whereId = useId();
  const exams = useExamTypes();
  const categories = useBookCategories();
  const [fields, setFields] = useState<PublicationValues>({
    name: item?.umkName ?? '',
    author: item?.author ?? user?.fullName ?? '',
    pages: item ? String(item.totalPages) : '',
  });
  const { name, author, pages } = fields;
  const [description, setDescription] = useState(item?.description ?? '');
  const [type, setType] = useState<number | null>(item?.id_typeUmk ?? null);
  const [exam, setExam] = useState<number | null>(item?.id_examination ?? null);
  const [audience, setAudience] = useState<UmkAudience>(item?.id_forStudentKind ?? 'all');
  const [kind, setKind] = useState<UmkKind>(item?.kind ?? 'manual');
  const [forLibrary, setForLibrary] = useState(item?.isForEBooks ?? false);
  const [category, setCategory] = useState<number | null>(item?.id_bookCategory ?? null);
  const [files, setFiles] = useState<File[]>([]);
  const [valid, setValid] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = useSaveMaterial(setProgress, (saved) => {
    notify(t('umk.saved'), 'success');
    onSaved(saved, item === null);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem(t('form.nameRequired'));
    if (type === null) return setProblem(t('form.typeRequired'));
    if (forLibrary && category === null) return setProblem(t('form.categoryRequired'));
    if (!/^\d{0,6}$/.test(pages.trim())) return setProblem(t('form.pagesNumber'));
    if (item === null && files.length === 0) return setProblem(t('form.fileRequired'));
    if (!valid) return;
    setProblem(null);
    save.mutate({
      fields: {
        idBook: String(item?.idBook ?? PLACEHOLDER_ID),
        id_semester: String(item?.id_semester ?? semester),
        id_discipline: String(item?.id_discipline ?? disciplineId),
        id_typeUmk: String(type ?? PLACEHOLDER_ID),
        id_examination: String(exam ?? PLACEHOLDER_ID),
        umkName: name.trim(),
        author: author.trim(),
        description: description.trim(),
        totalPages: pages.trim() || '0',
        id_forStudentKind: audience,
        kind,
        isForEBooks: forLibrary ? '1' : '0',
        id_bookCategory: String(forLibrary ? (category ?? PLACEHOLDER_ID) : PLACEHOLDER_ID),
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
      aria-label={t(item ? 'umk.edit' : 'umk.add')}
      aria-describedby={whereId}
    >
      <p id={whereId} className={styles.summary}>
        {t('umk.where', {
          discipline: disciplineName,
          semester: t('umk.semesterN', { n: semester }),
        })}
      </p>
      <PublicationFields
        nameLabel={t('umk.name')}
        values={fields}
        onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
        disabled={busy}
      />
      <ChoiceSelect
        label={t('umk.type')}
        items={types}
        getId={(entry) => entry.id_typeUmk}
        getLabel={(entry) => entry.name}
        value={type}
        onChange={(id) => setType(id)}
        placeholder
        disabled={busy}
      />
      <ChoiceSelect
        label={t('umk.exam')}
        items={exams.data}
        getId={(entry) => entry.id_examination}
        getLabel={(entry) => entry.name}
        value={exam}
        onChange={(id) => setExam(id)}
        placeholder
        loading={exams.isPending}
        loadError={exams.error}
        disabled={busy}
      />
      <SelectField
        label={t('umk.audience')}
        value={audience}
        onChange={(event) => setAudience(event.target.value as UmkAudience)}
        disabled={busy}
      >
        {UMK_AUDIENCES.map((value) => (
          <option key={value} value={value}>
            {t(`audience.${value}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('umk.kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as UmkKind)}
        disabled={busy}
      >
        {UMK_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`kind.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        className={styles.wide}
        label={t('umk.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={4000}
        rows={3}
        disabled={busy}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={forLibrary}
          onChange={(event) => setForLibrary(event.target.checked)}
          disabled={busy}
        />
        {t('umk.forLibrary')}
      </label>
      {forLibrary && (
        <ChoiceSelect
          label={t('library.category')}
          items={categories.data}
          getId={(entry) => entry.id_bookCategory}
          getLabel={(entry) => entry.name}
          value={category}
          onChange={(id) => setCategory(id)}
          placeholder
          loading={categories.isPending}
          loadError={categories.error}
          disabled={busy}
        />
      )}
      <div className={styles.wide}>
        <FileInput
          label={t(item ? 'form.replaceFile' : 'form.file')}
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
