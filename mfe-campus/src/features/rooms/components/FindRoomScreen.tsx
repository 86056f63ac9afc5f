import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  Loading,
  ROLE,
  ROOM_EQUIPMENT,
  useFormat,
  useSession,
  type FreeRoomsBody,
  type RoomEquipment,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useFreeRooms } from '../api/rooms';
import { BookingForm } from './BookingForm';
import { MyBookings } from './MyBookings';
import { RoomEditor } from './RoomEditor';
import { PERIODS } from './periods';
import { RoomCard } from './RoomCard';
import styles from '../../campus.module.css';

/** /lms/rooms: the free rooms now or at a date and period, with seats and equipment; a teacher books one. */
export function FindRoomScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const format = useFormat();
  const teacher = user?.role === ROLE.teacher;
  const [date, setDate] = useState('');
  const [period, setPeriod] = useState('');
  const [seats, setSeats] = useState('');
  const [equipment, setEquipment] = useState<RoomEquipment[]>([]);
  const [search, setSearch] = useState<FreeRoomsBody | null>({});
  const [booking, setBooking] = useState<number | null>(null);
  const free = useFreeRooms(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: FreeRoomsBody = {};
    if (date) body.date = date;
    if (period) body.id_time = Number(period);
    if (seats) body.seats = Math.max(1, Number(seats));
    if (equipment.length > 0) body.equipment = equipment;
    setBooking(null);
    setSearch(body);
  };
  const toggle = (item: RoomEquipment, on: boolean) =>
    setEquipment((items) => (on ? [...items, item] : items.filter((other) => other !== item)));

  const answer = free.data;
  return (
    <div className={styles.screen}>
      <form className={styles.form} onSubmit={submit} aria-label={t('searchForm')}>
        <Field
          label={t('date')}
          type="date"
          value={date}
          hint={t('dateHint')}
          onChange={(event) => setDate(event.target.value)}
        />
        <div>
          <label htmlFor="rooms-period">{t('period')}</label>
          <select
            id="rooms-period"
            className="lms-ui-input lms-ui-select"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
          >
            <option value="">{t('periodNow')}</option>
            {PERIODS.map((p) => (
              <option key={p.id} value={p.id}>
                {t('periodOption', { n: p.id, start: p.start, end: p.end })}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('seats')}
          type="number"
          min={1}
          max={1000}
          inputMode="numeric"
          value={seats}
          onChange={(event) => setSeats(event.target.value)}
        />
        <fieldset className={styles.equipment}>
          <legend>{t('equipment')}</legend>
          {ROOM_EQUIPMENT.map((item) => (
            <label key={item}>
              <input
                type="checkbox"
                checked={equipment.includes(item)}
                onChange={(event) => toggle(item, event.target.checked)}
              />{' '}
              {t(`equipmentNames.${item}`)}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="primary">
            {t('find')}
          </Button>
        </div>
      </form>

      <section aria-labelledby="rooms-results" aria-live="polite">
        <h2 id="rooms-results">
          {answer
            ? t('freeAt', { date: format.date(answer.date), start: answer.start, end: answer.end })
            : t('freeRooms')}
        </h2>
        {free.isError && <ErrorState error={free.error} onRetry={() => void free.refetch()} />}
        {free.isPending && search !== null && <Loading />}
        {answer && answer.rooms.length === 0 && <EmptyState message={t('noneFree')} />}
        {answer && answer.rooms.length > 0 && (
          <ul className={styles.list}>
            {answer.rooms.map((room) => (
              <li key={room.id} className={styles.card}>
                <RoomCard room={room}>
                  {teacher && booking !== room.id && (
                    <Button onClick={() => setBooking(room.id)}>
                      {t('book')}
                      <span className="lms-ui-visually-hidden"> {room.name}</span>
                    </Button>
                  )}
                </RoomCard>
                {teacher && booking === room.id && (
                  <BookingForm
                    room={room}
                    date={answer.date}
                    idTime={answer.id_time}
                    onDone={() => setBooking(null)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {teacher && <MyBookings />}
      {user?.registrarPerms === true && <RoomEditor />}
    </div>
  );
}
