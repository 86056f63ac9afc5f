import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOKING_KINDS,
  Button,
  errorMessage,
  FormError,
  notify,
  TextAreaField,
  type BookingKind,
  type Room,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useBookRoom, useTeaching } from '../api/rooms';

/** The teacher books the room at the searched date and period for one of their groups. */
export function BookingForm({
  room,
  date,
  idTime,
  onDone,
}: {
  room: Room;
  date: string;
  idTime: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const teaching = useTeaching();
  const book = useBookRoom();
  const [choice, setChoice] = useState('');
  const [kind, setKind] = useState<BookingKind>('extra');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const choices = teaching.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const picked = choice === '' ? undefined : choices[Number(choice)];
    if (!picked) {
      setMissing(true);
      return;
    }
    // Awaited, not a mutate() callback: the booked room leaves the free list (and this form
    // with it) as soon as the lists are read again, and the teacher must still hear of it.
    book
      .mutateAsync({
        room: room.id,
        date,
        id_time: idTime,
        id_group: picked.id_group,
        id_discipline: picked.id_discipline,
        kind,
        note,
      })
      .then(
        (booking) => {
          notify(t('booked', { room: booking.roomName, group: booking.group }), 'success');
          onDone();
        },
        () => undefined, // shown under the form (book.error)
      );
  };

  return (
    <form onSubmit={submit} aria-label={t('bookRoom', { room: room.name })}>
      <div>
        <label htmlFor={`book-group-${room.id}`}>{t('group')}</label>
        <select
          id={`book-group-${room.id}`}
          className="lms-ui-input lms-ui-select"
          value={choice}
          aria-invalid={missing}
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
        {missing && <FormError>{t('chooseGroup')}</FormError>}
      </div>
      <div>
        <label htmlFor={`book-kind-${room.id}`}>{t('kind')}</label>
        <select
          id={`book-kind-${room.id}`}
          className="lms-ui-input lms-ui-select"
          value={kind}
          onChange={(event) => setKind(event.target.value as BookingKind)}
        >
          {BOOKING_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        label={t('note')}
        value={note}
        maxLength={200}
        onChange={(event) => setNote(event.target.value)}
      />
      {book.isError && <FormError>{errorMessage(book.error)}</FormError>}
      <Button type="submit" variant="primary" disabled={book.isPending} aria-busy={book.isPending}>
        {t('confirmBooking')}
      </Button>{' '}
      <Button onClick={onDone}>{t('cancelForm')}</Button>
    </form>
  );
}
