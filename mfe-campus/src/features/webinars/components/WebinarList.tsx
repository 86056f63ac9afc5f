import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  Button,
  confirm,
  EmptyState,
  errorMessage,
  FormError,
  notify,
  useFormat,
  type Webinar,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useCancelWebinar } from '../api/webinars';
import styles from '../../campus.module.css';

/**
 * The webinars from today on: each with its time, group and state; open ones are entered here;
 * the teacher cancels one after a confirmation.
 */
export function WebinarList({ webinars, teacher }: { webinars: Webinar[]; teacher: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const cancel = useCancelWebinar();
  const ask = async (id: number, what: string) => {
    const yes = await confirm(t('webinars.cancelQuestion', { what }), {
      danger: true,
      confirmLabel: t('webinars.cancelYes'),
      cancelLabel: t('webinars.cancelNo'),
    });
    if (!yes) return;
    await cancel.mutateAsync(id).then(
      () => notify(t('webinars.cancelled'), 'success'),
      () => undefined, // shown above the list (cancel.error)
    );
  };
  return (
    <section aria-labelledby="webinars-list">
      <h2 id="webinars-list">{teacher ? t('webinars.mine') : t('webinars.groups')}</h2>
      {webinars.length === 0 && <EmptyState message={t('webinars.none')} />}
      {cancel.isError && <FormError>{errorMessage(cancel.error)}</FormError>}
      <ul className={styles.list}>
        {webinars.map((w) => {
          const what = `${format.date(w.date)} ${w.start}–${w.end}, ${w.group}`;
          return (
            <li key={w.id} className={styles.card}>
              <div className={w.cancelled ? styles.cancelled : undefined}>
                <strong>{w.discipline}</strong>
                <div>{what}</div>
                {!teacher && <div>{w.teacher}</div>}
              </div>
              <div>{t(`webinars.states.${w.state}`)}</div>
              <div className={styles.actions}>
                {w.state === 'open' && (
                  <Link
                    className="lms-ui-button lms-ui-button--primary"
                    to={`/lms/webinars/${w.id}`}
                  >
                    {teacher ? t('webinars.start_') : t('webinars.join')}
                    <span className="lms-ui-visually-hidden"> {what}</span>
                  </Link>
                )}
                {teacher && (w.state === 'open' || w.state === 'scheduled') && (
                  <Button variant="danger" onClick={() => void ask(w.id, what)}>
                    {t('webinars.cancel')}
                    <span className="lms-ui-visually-hidden"> {what}</span>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
