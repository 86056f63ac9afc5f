import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage, FormError, notify, useFormat } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useScheduleWebinar, useTeaching } from '../api/webinars';
import { suggestedStart } from './time';
import styles from '../../campus.module.css';

/** Durations offered, in minutes (the API takes 15 to 240). */
const DURATIONS = [30, 45, 60, 80, 90, 120];

/**
 * The teacher schedules an online lesson: a group and discipline they teach, the start (the
 * university's date and time) and how long it lasts.
 */
export function ScheduleForm({ now }: { now: string }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const teaching = useTeaching();
  const schedule = useScheduleWebinar();
  const [choice, setChoice] = useState('');
  const [start, setStart] = useState(() => suggestedStart(now));
  const [duration, setDuration] = useState(80);
  const [missing, setMissing] = useState(false);
  const choices = teaching.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = choice === '' ? undefined : choices[Number(choice)];
    if (!picked || start === '') {
      setMissing(true);
      return;
    }
    schedule
      .mutateAsync({
        id_group: picked.id_group,
        id_discipline: picked.id_discipline,
        start,
        duration,
      })
      .then(
        (webinar) => {
          const when = `${format.date(webinar.date)} ${webinar.start}`;
          notify(t('webinars.scheduled', { group: webinar.group, when }), 'success');
        },
        () => undefined, // shown under the form (schedule.error)
      );
  };

  return (
    <section aria-labelledby="webinars-new">
      <h2 id="webinars-new">{t('webinars.new')}</h2>
      <form onSubmit={submit} aria-labelledby="webinars-new" className={styles.form} noValidate>
        <div>
          <label htmlFor="webinar-group">{t('webinars.group')}</label>
          <select
            id="webinar-group"
            className="lms-ui-input lms-ui-select"
            value={choice}
            aria-invalid={missing && choice === ''}
            onChange={(event) => {
              setChoice(event.target.value);
              setMissing(false);
            }}
          >
            <option value="">{' --- '}</option>
            {choices.map((c, index) => (
              <option key={`${c.id_group}-${c.id_discipline}`} value={index}>
                {`${c.group} — ${c.discipline}`}
              </option>
            ))}
          </select>
          {missing && choice === '' && <FormError>{t('webinars.chooseGroup')}</FormError>}
        </div>
        <div>
          <label htmlFor="webinar-start">{t('webinars.start')}</label>
          <input
            id="webinar-start"
            type="datetime-local"
            className="lms-ui-input"
            value={start}
            aria-describedby="webinar-start-zone"
            onChange={(event) => setStart(event.target.value)}
          />
          <div id="webinar-start-zone" className={styles.hint}>
            {t('webinars.zoneHint')}
          </div>
        </div>
        <div>
          <label htmlFor="webinar-duration">{t('webinars.duration')}</label>
          <select
            id="webinar-duration"
            className="lms-ui-input lms-ui-select"
            value={duration}
            onChange={(event) => setDuration(Number(event.target.value))}
          >
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t('webinars.minutes', { count: d })}
              </option>
            ))}
          </select>
        </div>
        {schedule.isError && <FormError>{errorMessage(schedule.error)}</FormError>}
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={schedule.isPending}
            aria-busy={schedule.isPending}
          >
            {t('webinars.schedule')}
          </Button>
        </div>
      </form>
    </section>
  );
}
