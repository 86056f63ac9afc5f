import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  DataTable,
  Field,
  SectionHeader,
  TextAreaField,
  errorMessage,
  useFormat,
  type RegistrarHold,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { HOLDS_ANCHOR } from '../../../lib/anchors';
import { loadFailure } from '../../../lib/loadError';
import { useHolds } from '../api/holds';
import styles from './RegistrarHolds.module.css';

/** The registrar's holds: who is blocked from registering and why; set one, lift one. */
export function RegistrarHolds() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const errorId = useId();
  const { holds, set, lift } = useHolds();
  const [student, setStudent] = useState('');
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(student);
    if (!Number.isInteger(id) || id <= 0 || note.trim() === '') return;
    set.mutate(
      { id_student: id, note: note.trim() },
      {
        onSuccess: () => {
          setStudent('');
          setNote('');
        },
      },
    );
  };
  const failure = set.error ?? lift.error;

  return (
    <section id={HOLDS_ANCHOR} className={styles.block} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        level={2}
        title={t('holds.registrarTitle')}
        subtitle={t('holds.registrarSubtitle')}
      />
      <form
        className={styles.form}
        onSubmit={submit}
        aria-describedby={failure ? errorId : undefined}
      >
        <div className={styles.fields}>
          <Field
            label={t('holds.student')}
            hint={t('holds.studentHint')}
            inputMode="numeric"
            required
            value={student}
            onChange={(event) => setStudent(event.target.value.replace(/\D/g, ''))}
          />
          <TextAreaField
            label={t('holds.note')}
            required
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {failure && (
          <p id={errorId} className={styles.refusal} role="alert">
            {errorMessage(failure)}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={set.isPending}>
          {t('holds.set')}
        </Button>
      </form>
      <DataTable<RegistrarHold>
        caption={t('holds.caption')}
        captionHidden
        rows={holds.data}
        loading={holds.isPending}
        error={loadFailure(t, 'holds', holds.error)}
        onRetry={() => void holds.refetch()}
        rowKey={(h) => h.id}
        emptyMessage={t('holds.none')}
        columns={[
          { key: 'student', header: t('teacher.student'), rowHeader: true, render: (h) => h.s_fio },
          { key: 'note', header: t('holds.note'), render: (h) => h.note },
          {
            key: 'createdAt',
            header: t('holds.createdAt'),
            priority: 'low',
            render: (h) => format.dateTime(h.createdAt),
          },
          {
            key: 'lift',
            header: t('list.actions'),
            priority: 'key',
            render: (h) => (
              <Button
                variant="secondary"
                aria-label={t('holds.liftNamed', { name: h.s_fio })}
                disabled={lift.isPending}
                onClick={async () => {
                  const yes = await confirm(t('holds.confirmLift', { name: h.s_fio }), {
                    confirmLabel: t('holds.lift'),
                  });
                  if (yes) lift.mutate(h.id);
                }}
              >
                {t('holds.lift')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
