import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  Field,
  SectionHeader,
  SelectField,
  errorMessage,
  notify,
  postEndpoint,
  type RegSmsResponse,
  type SaveAppointmentBody,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import type { Term } from '../../../lib/term';
import styles from './RegistrarHolds.module.css';

/** POST …/appointments/save.json (registrar): from when a year of study registers. */
export const saveAppointment = postEndpoint<SaveAppointmentBody, RegSmsResponse>(
  '/api/regfordisciplines/appointments/save.json',
);

const COURSES = [1, 2, 3, 4, 5, 6] as const;

/**
 * The registrar's registration appointments for the chosen semester: a year of study registers
 * from the given time on (earlier saves are refused with it, and students see a countdown).
 */
export function RegistrarAppointments({ term }: { term: Term }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const errorId = useId();
  const [course, setCourse] = useState('4');
  const [opensAt, setOpensAt] = useState('');
  const save = useMutation({
    mutationFn: (body: SaveAppointmentBody) => saveAppointment(body),
    onSuccess: (data) => notify(data.sms, 'success'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(opensAt);
    if (opensAt === '' || Number.isNaN(at.getTime())) return;
    save.mutate({ ...term, course: Number(course), opensAt: at.toISOString() });
  };

  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        level={2}
        title={t('slots.title')}
        subtitle={t('slots.subtitle')}
      />
      <form
        className={styles.form}
        onSubmit={submit}
        aria-describedby={save.isError ? errorId : undefined}
      >
        <div className={styles.fields}>
          <SelectField
            label={t('slots.course')}
            value={course}
            onChange={(event) => setCourse(event.target.value)}
          >
            {COURSES.map((value) => (
              <option key={value} value={value}>
                {t('slots.courseOption', { course: value })}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('slots.opensAt')}
            type="datetime-local"
            required
            value={opensAt}
            onChange={(event) => setOpensAt(event.target.value)}
          />
        </div>
        {save.isError && (
          <p id={errorId} className={styles.refusal} role="alert">
            {errorMessage(save.error)}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('slots.save')}
        </Button>
      </form>
    </section>
  );
}
