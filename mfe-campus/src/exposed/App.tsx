import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageFrame } from '@lms/shared';
import { FindRoomScreen, RoomWeekScreen } from '../features/rooms';
import '../i18n';
import { NAMESPACE } from '../i18n';

/** /lms/rooms: find a free room (and book it, for teachers); /lms/rooms/<id>: a room's week. */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const match = /^\/lms\/rooms\/(\d+)\/?$/.exec(useLocation().pathname);
  const roomId = match ? Number(match[1]) : null;
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={roomId === null ? t('roomsTitle') : t('weekTitle')}
      description={roomId === null ? t('roomsDescription') : t('weekDescription')}
    >
      {roomId === null ? <FindRoomScreen /> : <RoomWeekScreen roomId={roomId} />}
    </PageFrame>
  );
}
