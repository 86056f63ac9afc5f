import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  errorMessage,
  Field,
  FormError,
  universityDate,
  type JournalKey,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useBringIntoView } from '../../../lib/useBringIntoView';
import { useAddLesson, useEducationForms, useLessonTimes } from '../api/useJournal';
import styles from './TeacherJournal.module.css';

/** Today at the university (a lesson's date is the university's calendar day). */
const today = () => universityDate();

/** A new lesson: form of education, lesson order and date; everyone is marked present. */
export function AddLessonForm({ journal, onDone }: { journal: JournalKey; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const forms = useEducationForms();
  const times = useLessonTimes();
  const add = useAddLesson(journal);
  const ref = useBringIntoView<HTMLFormElement>();
  const [form, setForm] = useState<number | null>(null);
  const [time, setTime] = useState<number | null>(null);
  const [date, setDate] = useState(today);
  const idForm = form ?? forms.data?.[0]?.id_f_educ ?? null;
  const idTime = time ?? times.data?.[0]?.id_time ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (idForm === null || idTime === null || !date) return;
    add.mutate(
      { ...journal, id_f_educ: idForm, id_time: idTime, date },
      { onSuccess: () => onDone() },
    );
  };

  return (
    <form ref={ref} className={styles.panel} aria-label={t('lesson.addTitle')} onSubmit={submit}>
      <h3 className={styles.panelTitle}>{t('lesson.addTitle')}</h3>
      <div className={styles.fields}>
        <ChoiceSelect
          label={t('lesson.formOfEducation')}
          items={forms.data}
          getId={(f) => f.id_f_educ}
          getLabel={(f) => f.name}
          value={idForm}
          loading={forms.isPending}
          loadError={forms.error ?? undefined}
          onRetry={() => void forms.refetch()}
          onChange={(id) => setForm(id)}
        />
        <ChoiceSelect
          label={t('lesson.order')}
          items={times.data}
          getId={(l) => l.id_time}
          getLabel={(l) => `${t(`order.${l.id_time}`)} (${l.start}–${l.end})`}
          value={idTime}
          loading={times.isPending}
          loadError={times.error ?? undefined}
          onRetry={() => void times.refetch()}
          onChange={(id) => setTime(id)}
        />
        <Field
          label={t('lesson.date')}
          type="date"
          required
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      <FormError>{add.isError ? errorMessage(add.error) : null}</FormError>
      <div className={styles.row}>
        <Button
          variant="primary"
          type="submit"
          disabled={add.isPending || idForm === null || idTime === null || !date}
        >
          {add.isPending ? t('lesson.adding') : t('lesson.submit')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('lesson.cancel')}
        </Button>
      </div>
    </form>
  );
}
