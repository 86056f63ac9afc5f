import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Room } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from '../../campus.module.css';

/** A room: its number (linking to its week), building, seats and equipment. */
export function RoomCard({ room, children }: { room: Room; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const equipment = room.equipment.map((item) => t(`equipmentNames.${item}`)).join(', ');
  return (
    <div className={styles.row}>
      <div>
        <Link to={`/lms/rooms/${room.id}`}>
          <strong>{room.name}</strong>
        </Link>{' '}
        · {room.building}
        <div>
          {t('capacity', { count: room.capacity })}
          {equipment && ` · ${equipment}`}
        </div>
      </div>
      {children}
    </div>
  );
}
