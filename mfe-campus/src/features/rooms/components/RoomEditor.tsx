import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  errorMessage,
  ErrorState,
  Field,
  FormError,
  Loading,
  notify,
  ROOM_EQUIPMENT,
  type Room,
  type RoomEquipment,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRoomList, useSaveRoom } from '../api/rooms';
import { RoomCard } from './RoomCard';
import styles from '../../campus.module.css';

const EMPTY = { name: '', building: '', capacity: '30', equipment: [] as RoomEquipment[] };

/** The registrar's rooms: every room, one edited at a time, or a new one. */
export function RoomEditor() {
  const { t } = useTranslation(NAMESPACE);
  const list = useRoomList();
  const save = useSaveRoom();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState(EMPTY);

  const edit = (room: Room | null) => {
    save.reset();
    setEditing(room?.id ?? null);
    setDraft(
      room
        ? {
            name: room.name,
            building: room.building,
            capacity: String(room.capacity),
            equipment: room.equipment,
          }
        : EMPTY,
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save
      .mutateAsync({
        ...(editing === null ? {} : { id: editing }),
        name: draft.name,
        building: draft.building,
        capacity: Math.max(1, Math.min(1000, Number(draft.capacity) || 1)),
        equipment: draft.equipment,
      })
      .then(
        (room) => {
          notify(t('roomSaved', { room: room.name }), 'success');
          edit(null);
        },
        () => undefined, // shown under the form (save.error)
      );
  };

  return (
    <section aria-labelledby="rooms-all">
      <h2 id="rooms-all">{t('allRooms')}</h2>
      <form onSubmit={submit} aria-label={editing === null ? t('newRoom') : t('editRoom')}>
        <Field
          label={t('roomNumber')}
          required
          maxLength={20}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <Field
          label={t('building')}
          required
          maxLength={100}
          value={draft.building}
          onChange={(event) => setDraft({ ...draft, building: event.target.value })}
        />
        <Field
          label={t('seatsCount')}
          type="number"
          min={1}
          max={1000}
          required
          value={draft.capacity}
          onChange={(event) => setDraft({ ...draft, capacity: event.target.value })}
        />
        <fieldset className={styles.equipment}>
          <legend>{t('equipment')}</legend>
          {ROOM_EQUIPMENT.map((item) => (
            <label key={item}>
              <input
                type="checkbox"
                checked={draft.equipment.includes(item)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    equipment: event.target.checked
                      ? [...draft.equipment, item]
                      : draft.equipment.filter((other) => other !== item),
                  })
                }
              />{' '}
              {t(`equipmentNames.${item}`)}
            </label>
          ))}
        </fieldset>
        {save.isError && <FormError>{errorMessage(save.error)}</FormError>}
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('saveRoom')}
        </Button>{' '}
        {editing !== null && <Button onClick={() => edit(null)}>{t('cancelForm')}</Button>}
      </form>
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <Loading />}
      {list.data?.length === 0 && <EmptyState message={t('noRooms')} />}
      <ul className={styles.list}>
        {list.data?.map((room) => (
          <li key={room.id} className={styles.card}>
            <RoomCard room={room}>
              <Button onClick={() => edit(room)}>
                {t('edit')}
                <span className="lms-ui-visually-hidden"> {room.name}</span>
              </Button>
            </RoomCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
