import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  errorMessage,
  Field,
  FormError,
  SelectField,
  type StatementDetail,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useOpenRetake, useRetakeTeachers } from '../api/statements';
import styles from './Statement.module.css';

/** Today plus `days` as YYYY-MM-DD (the browser's calendar: only the form's first value). */
function dayFromNow(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The registrar opens a retake sheet for one student of a confirmed statement: the student, the
 * teacher who takes the retake (fills in and signs the sheet: the original's by default, or
 * another who teaches the group), the day they must sign by, a confirmation; then the new sheet
 * opens.
 */
export function RetakeForm({
  detail,
  onOpened,
}: {
  detail: StatementDetail;
  onOpened: (id: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [student, setStudent] = useState(String(detail.lines[0]?.id_student ?? ''));
  const [deadline, setDeadline] = useState(() => dayFromNow(14));
  const retake = useOpenRetake();
  const teachers = useRetakeTeachers(detail.id);
  // No choice made: the first offered (the original's teacher).
  const [teacherChoice, setTeacher] = useState('');
  const teacher =
    teachers.data?.find((c) => String(c.id_teacher) === teacherChoice) ?? teachers.data?.[0];
  const chosen = detail.lines.find((l) => String(l.id_student) === student);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !teacher) return;
    const yes = await confirm(
      t('statement.retakeConfirm', { name: chosen.fio, teacher: teacher.fio }),
      {
        confirmLabel: t('statement.retakeOpen'),
      },
    );
    if (!yes) return;
    retake.mutate(
      { id: detail.id, id_student: chosen.id_student, id_teacher: teacher.id_teacher, deadline },
      { onSuccess: (sheet) => onOpened(sheet.id) },
    );
  };

  return (
    <form
      className={styles.retake}
      aria-labelledby="retake-title"
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="retake-title">{t('statement.retakeTitle')}</h3>
      <p className={styles.hint}>{t('statement.retakeHint')}</p>
      <SelectField
        label={t('statement.student')}
        value={student}
        onChange={(event) => setStudent(event.target.value)}
      >
        {detail.lines.map((l) => (
          <option key={l.id_student} value={l.id_student}>
            {l.fio}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('statement.retakeTeacher')}
        hint={t('statement.retakeTeacherHint')}
        value={teacher ? String(teacher.id_teacher) : ''}
        disabled={!teachers.data}
        error={teachers.isError ? errorMessage(teachers.error) : undefined}
        onChange={(event) => setTeacher(event.target.value)}
      >
        {!teachers.data && <option value="">{t('statement.retakeTeachersLoading')}</option>}
        {teachers.data?.map((c) => (
          <option key={c.id_teacher} value={c.id_teacher}>
            {c.fio}
          </option>
        ))}
      </SelectField>
      <Field
        label={t('statement.deadline')}
        type="date"
        required
        value={deadline}
        onChange={(event) => setDeadline(event.target.value)}
      />
      {retake.isError && <FormError>{errorMessage(retake.error)}</FormError>}
      <div className={styles.actions}>
        <Button
          type="submit"
          disabled={retake.isPending || !chosen || !teacher}
          aria-busy={retake.isPending}
        >
          {t('statement.retakeOpen')}
        </Button>
      </div>
    </form>
  );
}
