import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  EmptyState,
  errorMessage,
  ErrorState,
  FormError,
  Loading,
  notify,
  useFormat,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useCancelBooking, useMyBookings } from '../api/rooms';
import styles from '../../campus.module.css';

/** The teacher's bookings from today on; one is cancelled after a confirmation. */
export function MyBookings() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const ask = async (id: number, what: string) => {
    if (!(await confirm(t('cancelQuestion', { what }), { danger: true }))) return;
    await cancel.mutateAsync(id).then(
      () => notify(t('cancelled'), 'success'),
      () => undefined, // shown above the list (cancel.error)
    );
  };
  return (
    <section aria-labelledby="rooms-mine">
      <h2 id="rooms-mine">{t('myBookings')}</h2>
      {bookings.isError && (
        <ErrorState error={bookings.error} onRetry={() => void bookings.refetch()} />
      )}
      {bookings.isPending && <Loading />}
      {bookings.data?.length === 0 && <EmptyState message={t('noBookings')} />}
      {cancel.isError && <FormError>{errorMessage(cancel.error)}</FormError>}
      <ul className={styles.list}>
        {bookings.data?.map((b) => {
          const what = `${format.date(b.date)} ${b.start}, ${b.roomName}, ${b.group}`;
          return (
            <li key={b.id} className={styles.card}>
              <div className={styles.row}>
                <div className={b.cancelled ? styles.cancelled : undefined}>
                  <strong>{t(`kinds.${b.kind}`)}</strong> · {b.discipline}
                  <div>{what}</div>
                  {b.cancelled && <div>{t('isCancelled')}</div>}
                </div>
                {!b.cancelled && (
                  <Button variant="danger" onClick={() => void ask(b.id, what)}>
                    {t('cancelBooking')}
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
