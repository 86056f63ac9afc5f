import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Loading, useFormat } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { roomSheetUrl, useRoomWeek } from '../api/rooms';
import { RoomCard } from './RoomCard';
import styles from '../../campus.module.css';

/** /lms/rooms/<id>: the room's week (Monday to Saturday): the timetable and the bookings. */
export function RoomWeekScreen({ roomId }: { roomId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const week = useRoomWeek(roomId);
  if (week.isError) return <ErrorState error={week.error} onRetry={() => void week.refetch()} />;
  const data = week.data;
  if (!data) return <Loading />;
  const dates = [...new Set(data.entries.map((entry) => entry.date))];
  return (
    <div className={styles.screen}>
      <Link to="/lms/rooms">{t('backToSearch')}</Link>
      <RoomCard room={data.room} />
      <p>
        {t('weekOf', { from: format.date(data.from), to: format.date(data.to) })} ·{' '}
        {t(`parity.${data.parity}`)}
      </p>
      <p>
        <a
          href={roomSheetUrl(roomId, data.from)}
          download
          aria-label={t('printSheetOf', { room: data.room.name })}
        >
          {t('printSheet')}
        </a>
      </p>
      {dates.length === 0 && <EmptyState message={t('weekEmpty')} />}
      {dates.map((date) => (
        <section key={date} aria-label={format.date(date)}>
          <h2>{format.date(date)}</h2>
          <ul className={styles.list}>
            {data.entries
              .filter((entry) => entry.date === date)
              .map((entry) => (
                <li key={`${entry.id_time}-${entry.booking ?? 'l'}`} className={styles.card}>
                  <strong>
                    {entry.start}–{entry.end}
                  </strong>{' '}
                  {entry.kind === 'lesson' ? '' : `${t(`kinds.${entry.kind}`)}: `}
                  {entry.discipline} · {entry.group} · {entry.teacher}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
