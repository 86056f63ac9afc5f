import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  errorMessage,
  type PlanDiscipline,
  type RegStream,
  useFormat,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { loadFailure } from '../../../lib/loadError';
import type { Term } from '../../../lib/term';
import { useChoice, useRegistrationWrites, type Mode } from '../api/registration';
import { useWaitlistWrites } from '../api/waitlist';
import { streamLabel, streamSeatsHint } from '../streams';
import styles from './Registration.module.css';

interface Props {
  mode: Mode;
  term: Term;
  /** The plan's disciplines of this kind the student has not registered for yet. */
  disciplines: readonly PlanDiscipline[];
  /** Why saving is not possible now (closed window), shown instead of the button. */
  blocked?: string | undefined;
  /** Told the new registration's id once it is saved (the list brings it into view). */
  onSaved?: ((id: number) => void) | undefined;
}

/** Discipline → teacher → stream, then save; choosing a step resets the ones after it. */
export function RegisterForm({ mode, term, disciplines, blocked, onSaved }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const errorId = useId();
  const [disciplineId, setDisciplineId] = useState<number | null>(null);
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const [streamId, setStreamId] = useState<number | null>(null);
  const { teachers, streams } = useChoice(mode, term, disciplineId, teacherId);
  const { save } = useRegistrationWrites();
  const { join } = useWaitlistWrites();
  const stream: RegStream | undefined = streams.data?.find((s) => s.subgroup === streamId);
  const full = stream !== undefined && stream.free === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disciplineId === null || teacherId === null || !stream || full) return;
    // Not mutate's own callbacks: saving the last discipline of a kind unmounts this form once the
    // list reloads, and the new row must still be brought into view.
    save
      .mutateAsync({
        ...term,
        id_discipline: disciplineId,
        id_teacher: teacherId,
        subgroup: stream.subgroup,
      })
      .then((data) => {
        setDisciplineId(null);
        setTeacherId(null);
        setStreamId(null);
        onSaved?.(data.id_disciplineForStudent);
      })
      // The refusal is shown from the mutation's state.
      .catch(() => undefined);
  };

  /** A full stream: the student joins its waiting list instead. */
  const joinList = () => {
    if (disciplineId === null || teacherId === null || !stream) return;
    join.mutate({
      ...term,
      id_discipline: disciplineId,
      id_teacher: teacherId,
      subgroup: stream.subgroup,
    });
  };
  const failure = save.error ?? join.error;

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-describedby={failure ? errorId : undefined}
    >
      <div className={styles.fields}>
        <ChoiceSelect
          label={t('form.discipline')}
          placeholder
          items={disciplines}
          getId={(d) => d.id_discipline}
          getLabel={(d) =>
            t('form.disciplineOption', { name: d.discipline, credits: format.number(d.kredits) })
          }
          value={disciplineId}
          onChange={(id) => {
            setDisciplineId(id);
            setTeacherId(null);
            setStreamId(null);
            save.reset();
            join.reset();
          }}
        />
        <ChoiceSelect
          label={t('form.teacher')}
          placeholder
          items={disciplineId === null ? [] : teachers.data}
          getId={(x) => x.id_teacher}
          getLabel={(x) => x.t_fio}
          value={teacherId}
          loading={disciplineId !== null && teachers.isPending}
          loadError={loadFailure(t, 'teachers', teachers.error)}
          onRetry={() => void teachers.refetch()}
          onChange={(id) => {
            setTeacherId(id);
            setStreamId(null);
            save.reset();
          }}
        />
        <ChoiceSelect
          label={t('form.stream')}
          placeholder
          items={teacherId === null ? [] : streams.data}
          getId={(s) => s.subgroup}
          getLabel={(s) => streamLabel(t, format, s)}
          hint={streamSeatsHint(t, format, stream)}
          value={streamId}
          loading={teacherId !== null && streams.isPending}
          loadError={loadFailure(t, 'streams', streams.error)}
          onRetry={() => void streams.refetch()}
          onChange={(id) => {
            setStreamId(id);
            save.reset();
            join.reset();
          }}
        />
      </div>
      {full && !join.isSuccess && (
        <p className={styles.refusal} role="alert">
          {t('form.fullJoin')}
        </p>
      )}
      {failure && (
        <p id={errorId} className={styles.refusal} role="alert">
          {errorMessage(failure)}
        </p>
      )}
      {blocked ? (
        <p className={styles.note}>{blocked}</p>
      ) : full ? (
        <Button
          type="button"
          variant="primary"
          disabled={join.isPending || join.isSuccess}
          onClick={joinList}
        >
          {join.isPending ? t('form.saving') : t('form.join')}
        </Button>
      ) : (
        <Button type="submit" variant="primary" disabled={!stream || full || save.isPending}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </Button>
      )}
    </form>
  );
}
