import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  DataTable,
  Field,
  SectionHeader,
  SelectField,
  errorMessage,
  toDate,
  useFormat,
  type RegistrarAppointment,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { SLOTS_ANCHOR } from '../../../lib/anchors';
import { loadFailure } from '../../../lib/loadError';
import type { Term } from '../../../lib/term';
import { useAppointments } from '../api/appointments';
import styles from './RegistrarHolds.module.css';

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
  const format = useFormat();
  const { slots, save, remove } = useAppointments(term);
  const failure = save.error ?? remove.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The field names no zone: the time is the university's, wherever this device is.
    const at = toDate(opensAt);
    if (!at) return;
    save.mutate({ ...term, course: Number(course), opensAt: at.toISOString() });
  };

  return (
    <section id={SLOTS_ANCHOR} className={styles.block} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        level={2}
        title={t('slots.title')}
        subtitle={t('slots.subtitle')}
      />
      <form
        className={styles.form}
        onSubmit={submit}
        aria-describedby={failure ? errorId : undefined}
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
        {failure && (
          <p id={errorId} className={styles.refusal} role="alert">
            {errorMessage(failure)}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('slots.save')}
        </Button>
      </form>
      <DataTable<RegistrarAppointment>
        caption={t('slots.caption')}
        captionHidden
        rows={slots.data}
        loading={slots.isPending}
        error={loadFailure(t, 'slots', slots.error)}
        onRetry={() => void slots.refetch()}
        rowKey={(slot) => slot.course}
        emptyMessage={t('slots.none')}
        columns={[
          {
            key: 'course',
            header: t('slots.course'),
            rowHeader: true,
            render: (slot) => t('slots.courseOption', { course: slot.course }),
          },
          {
            key: 'opensAt',
            header: t('slots.opensAt'),
            priority: 'key',
            render: (slot) => format.dateTime(slot.opensAt),
          },
          {
            key: 'remove',
            header: t('list.actions'),
            render: (slot) => (
              <Button
                variant="secondary"
                aria-label={t('slots.removeNamed', { course: slot.course })}
                disabled={remove.isPending}
                onClick={async () => {
                  const yes = await confirm(t('slots.confirmRemove', { course: slot.course }), {
                    danger: true,
                    confirmLabel: t('slots.remove'),
                  });
                  if (yes) remove.mutate(slot.course);
                }}
              >
                {t('slots.remove')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
