import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  errorMessage,
  type Registration,
  SectionHeader,
  useFormat,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { bringIntoView } from '../../../lib/bringIntoView';
import { loadFailure } from '../../../lib/loadError';
import { useByType, useRegistrationWrites } from '../api/registration';
import { streamLabel, streamSeatsHint } from '../streams';
import styles from './Registration.module.css';

/**
 * By lesson type: the teacher and stream of each lesson type of one registration (lecture with
 * one teacher, practice with another). The server's sms is the notification. It opens under the
 * list, so opening it brings it into view and moves the focus there.
 */
export function ByTypePanel({
  registration,
  canChange,
  onClose,
}: {
  registration: Registration;
  canChange: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const [pairKey, setPairKey] = useState<number | null>(null);
  const [streamId, setStreamId] = useState<number | null>(null);
  // A pair's key: lesson type × 100000 + teacher id (one select over both).
  const pair =
    pairKey === null ? null : { type: Math.floor(pairKey / 100000), teacher: pairKey % 100000 };
  const { pairs, streams } = useByType(registration.id_disciplineForStudent, pair);
  const { attend, leave } = useRegistrationWrites();
  const stream = streams.data?.find((s) => s.subgroup === streamId);
  const failure = attend.error ?? leave.error;
  const panel = useRef<HTMLElement>(null);
  const registrationId = registration.id_disciplineForStudent;

  useEffect(() => {
    if (panel.current) bringIntoView(panel.current, { focus: true, block: 'nearest' });
  }, [registrationId]);

  return (
    <section ref={panel} tabIndex={-1} className={styles.panel} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        level={3}
        title={t('bytype.title', { name: registration.discipline })}
        subtitle={t('bytype.subtitle')}
      />
      <ul className={styles.lessons}>
        {registration.lessons.map((lesson) => (
          <li key={lesson.id_vid_zaniatiy} className={styles.lessonRow}>
            <span>
              {lesson.vid_zaniatiy}: {lesson.t_fio}, {lesson.stream}
            </span>
            {canChange && registration.lessons.length > 1 && (
              <Button
                disabled={leave.isPending}
                onClick={() =>
                  leave.mutate({
                    id_disciplineForStudent: registration.id_disciplineForStudent,
                    id_vid_zaniatiy: lesson.id_vid_zaniatiy,
                  })
                }
              >
                {t('bytype.leave', { type: lesson.vid_zaniatiy })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canChange && (
        <div className={styles.fields}>
          <ChoiceSelect
            label={t('bytype.pair')}
            placeholder
            items={pairs.data}
            getId={(p) => p.id_vid_zaniatiy * 100000 + p.id_teacher}
            getLabel={(p) => `${p.vid_zaniatiy}: ${p.t_fio}`}
            value={pairKey}
            loading={pairs.isPending}
            loadError={loadFailure(t, 'teachers', pairs.error)}
            onRetry={() => void pairs.refetch()}
            onChange={(id) => {
              setPairKey(id);
              setStreamId(null);
            }}
          />
          <ChoiceSelect
            label={t('form.stream')}
            placeholder
            items={pair ? streams.data : []}
            getId={(s) => s.subgroup}
            getLabel={(s) => streamLabel(t, format, s)}
            hint={streamSeatsHint(t, format, stream)}
            value={streamId}
            loading={pair !== null && streams.isPending}
            loadError={loadFailure(t, 'streams', streams.error)}
            onRetry={() => void streams.refetch()}
            onChange={(id) => setStreamId(id)}
          />
        </div>
      )}
      {stream?.free === 0 && (
        <p className={styles.refusal} role="alert">
          {t('form.full')}
        </p>
      )}
      {failure && (
        <p className={styles.refusal} role="alert">
          {errorMessage(failure)}
        </p>
      )}
      <div className={styles.actions}>
        {canChange && (
          <Button
            variant="primary"
            disabled={!stream || stream.free === 0 || attend.isPending}
            onClick={() =>
              stream &&
              attend.mutate(
                {
                  id_disciplineForStudent: registration.id_disciplineForStudent,
                  subgroup: stream.subgroup,
                },
                { onSuccess: () => setStreamId(null) },
              )
            }
          >
            {t('bytype.save')}
          </Button>
        )}
        <Button onClick={onClose}>{t('bytype.close')}</Button>
      </div>
    </section>
  );
}
