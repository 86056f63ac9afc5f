import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  errorMessage,
  type PlanDiscipline,
  type RegStream,
  type WaitlistEntry,
  useFormat,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { bringIntoView } from '../../../lib/bringIntoView';
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
  /**
   * Why saving is not possible now (a hold, a closed window, an appointment not reached), said
   * before the fields, which stay disabled meanwhile.
   */
  blocked?: ReactNode;
  /** The student's waiting-list rows of the semester (a full stream they already wait for). */
  waiting?: readonly WaitlistEntry[] | undefined;
  /** Told the new registration's id once it is saved (the list brings it into view). */
  onSaved?: ((id: number) => void) | undefined;
}

/** Discipline → teacher → stream, then save; choosing a step resets the ones after it. */
export function RegisterForm({ mode, term, disciplines, blocked, waiting, onSaved }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const errorId = useId();
  const blockedId = useId();
  const placeId = useId();
  const isBlocked = blocked !== undefined && blocked !== null && blocked !== false;
  const [disciplineId, setDisciplineId] = useState<number | null>(null);
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const [streamId, setStreamId] = useState<number | null>(null);
  const { teachers, streams } = useChoice(mode, term, disciplineId, teacherId);
  const { save } = useRegistrationWrites();
  const { join } = useWaitlistWrites();
  const stream: RegStream | undefined = streams.data?.find((s) => s.subgroup === streamId);
  const full = stream !== undefined && stream.free === 0;
  // The student already waits for the chosen full stream: their place is said by the button.
  const place = full
    ? waiting?.find((entry) => entry.subgroup === stream.subgroup && entry.status === 'waiting')
    : undefined;
  // (A join is done once the lists have been asked again, so the new row is among them.)
  const position = place?.position ?? null;
  const joinRow = useRef<HTMLDivElement>(null);
  const placeShown = position !== null;
  // The place appears under the button pressed, maybe at the screen's edge: all of it in view.
  useEffect(() => {
    if (placeShown && joinRow.current) bringIntoView(joinRow.current, { block: 'nearest' });
  }, [placeShown]);

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
      {isBlocked && (
        <p id={blockedId} className={styles.blocked}>
          {blocked}
        </p>
      )}
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
          disabled={isBlocked}
          aria-describedby={isBlocked ? blockedId : undefined}
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
          disabled={isBlocked}
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
          disabled={isBlocked}
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
      {full && !isBlocked && position === null && !join.isPending && (
        <p className={styles.refusal} role="alert">
          {t('form.fullJoin')}
        </p>
      )}
      {failure && (
        <p id={errorId} className={styles.refusal} role="alert">
          {errorMessage(failure)}
        </p>
      )}
      {full && !isBlocked ? (
        <div ref={joinRow} className={styles.joinRow}>
          <Button
            type="button"
            variant="primary"
            disabled={join.isPending || position !== null}
            aria-describedby={placeId}
            onClick={joinList}
          >
            {join.isPending ? t('form.saving') : t('form.join')}
          </Button>
          {/* Beside the button pressed, so a phone shows it where the student looks. */}
          <p id={placeId} className={styles.place} role="status">
            {position !== null && t('form.waitingPlace', { position: format.number(position) })}
          </p>
        </div>
      ) : (
        <Button
          type="submit"
          variant="primary"
          disabled={isBlocked || !stream || full || save.isPending}
          aria-describedby={isBlocked ? blockedId : undefined}
        >
          {save.isPending ? t('form.saving') : t('form.save')}
        </Button>
      )}
    </form>
  );
}
