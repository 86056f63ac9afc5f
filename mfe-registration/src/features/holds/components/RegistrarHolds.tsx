import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Button,
  confirm,
  DataTable,
  SectionHeader,
  TextAreaField,
  errorMessage,
  useFormat,
  type RegistrarHold,
  type StudentSearchHit,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { HOLDS_ANCHOR, markHistoryPath } from '../../../lib/anchors';
import { loadFailure } from '../../../lib/loadError';
import { useHolds } from '../api/holds';
import styles from './RegistrarHolds.module.css';
import { StudentPicker } from './StudentPicker';

/** The registrar's holds: who is blocked from registering and why; set one, lift one. */
export function RegistrarHolds() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const errorId = useId();
  const { holds, set, lift } = useHolds();
  const searchId = useId();
  const noteId = useId();
  const [student, setStudent] = useState<StudentSearchHit | null>(null);
  const [missing, setMissing] = useState(false);
  const [note, setNote] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!student) {
      setMissing(true);
      document.getElementById(searchId)?.focus();
      return;
    }
    if (note.trim() === '') return;
    const yes = await confirm(
      t('holds.confirmSet', { name: student.s_fio, group: student.group }),
      { confirmLabel: t('holds.set') },
    );
    if (!yes) return;
    set.mutate(
      { id_student: student.id_student, note: note.trim() },
      {
        onSuccess: () => {
          setStudent(null);
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
        onSubmit={(event) => void submit(event)}
        aria-describedby={failure ? errorId : undefined}
      >
        <div className={styles.fields}>
          <StudentPicker
            id={searchId}
            value={student}
            error={missing && !student ? t('holds.chooseStudent') : undefined}
            chosenExtra={
              student && (
                // The student's mark history (the audit trail), the journal remote's screen.
                <Link
                  className={styles.history}
                  to={markHistoryPath(student.id_student)}
                  state={{ name: student.s_fio }}
                >
                  {t('holds.markHistory', { name: student.s_fio })}
                </Link>
              )
            }
            onChange={(chosen) => {
              setStudent(chosen);
              if (chosen) {
                setMissing(false);
                // The note is what the registrar writes next.
                setTimeout(() => document.getElementById(noteId)?.focus());
              }
            }}
          />
          <TextAreaField
            id={noteId}
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
          {
            key: 'student',
            header: t('teacher.student'),
            rowHeader: true,
            render: (h) => (
              <>
                {h.s_fio}
                <br />
                <Link
                  className={styles.rowHistory}
                  to={markHistoryPath(h.id_student)}
                  state={{ name: h.s_fio }}
                  aria-label={t('holds.markHistory', { name: h.s_fio })}
                >
                  {t('holds.markHistoryShort')}
                </Link>
              </>
            ),
          },
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
