import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  confirm,
  DataTable,
  Field,
  SectionHeader,
  SelectField,
  errorMessage,
  notify,
  postEndpoint,
  useFormat,
  useSession,
  type AppointmentsBody,
  type RegistrarAppointment,
  type RegistrarAppointmentsResponse,
  type RegSmsResponse,
  type RemoveAppointmentBody,
  type SaveAppointmentBody,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { SLOTS_ANCHOR } from '../../../lib/anchors';
import { loadFailure } from '../../../lib/loadError';
import type { Term } from '../../../lib/term';
import styles from './RegistrarHolds.module.css';

/** POST …/appointments/save.json (registrar): from when a year of study registers. */
export const saveAppointment = postEndpoint<SaveAppointmentBody, RegSmsResponse>(
  '/api/regfordisciplines/appointments/save.json',
);

/** POST …/appointments/list.json (registrar): the semester's slots by year of study. */
export const getAppointments = postEndpoint<AppointmentsBody, RegistrarAppointmentsResponse>(
  '/api/regfordisciplines/appointments/list.json',
);
/** POST …/appointments/remove.json (registrar): the year registers within the window alone. */
export const removeAppointment = postEndpoint<RemoveAppointmentBody, RegSmsResponse>(
  '/api/regfordisciplines/appointments/remove.json',
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
  const format = useFormat();
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  const key = ['registration', uid, 'registrar', 'slots', term.id_a_year, term.id_semester];
  const slots = useQuery({ queryKey: key, queryFn: () => getAppointments(term) });
  const done = (data: RegSmsResponse) => {
    notify(data.sms, 'success');
    return client.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: (body: SaveAppointmentBody) => saveAppointment(body),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (course: number) => removeAppointment({ ...term, course }),
    onSuccess: done,
  });
  const failure = save.error ?? remove.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(opensAt);
    if (opensAt === '' || Number.isNaN(at.getTime())) return;
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
