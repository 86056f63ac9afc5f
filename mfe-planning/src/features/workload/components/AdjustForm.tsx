import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  errorMessage,
  Field,
  FormError,
  TextAreaField,
  WORKLOAD_MAX_HOURS,
  WORKLOAD_NOTE_MAX_LENGTH,
  type WorkloadRow,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useAdjust } from '../api/workload';
import styles from './Workload.module.css';

/** The registrar sets a row's planned hours with a note why (kept in the row's history). */
export function AdjustForm({
  row,
  label,
  onClose,
}: {
  row: WorkloadRow;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const adjust = useAdjust(onClose, t('workload.saved'));
  const [hours, setHours] = useState(String(row.plannedHours));
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjust.mutate({ id: row.id, hours: Number(hours), note });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="adjust-title">
      <h3 id="adjust-title" className={styles.subheading}>
        {t('workload.adjustTitle', { row: label })}
      </h3>
      <p className={styles.note}>{t('workload.curriculum', { hours: row.curriculumHours })}</p>
      <Field
        label={t('workload.newHours')}
        type="number"
        min={0}
        max={WORKLOAD_MAX_HOURS}
        step={1}
        required
        value={hours}
        onChange={(event) => setHours(event.target.value)}
      />
      <TextAreaField
        label={t('workload.note')}
        hint={t('workload.noteHint')}
        required
        maxLength={WORKLOAD_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {adjust.isError && <FormError>{errorMessage(adjust.error)}</FormError>}
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          disabled={adjust.isPending}
          aria-busy={adjust.isPending}
        >
          {t('workload.save')}
        </Button>
        <Button onClick={onClose}>{t('workload.cancel')}</Button>
      </div>
    </form>
  );
}
