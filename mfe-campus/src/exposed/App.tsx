import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageFrame } from '@lms/shared';
import { FindRoomScreen, RoomWeekScreen } from '../features/rooms';
import { WebinarRoom, WebinarsScreen } from '../features/webinars';
import '../i18n';
import { NAMESPACE } from '../i18n';

/** Which screen a path opens (the remote serves the rooms and the webinars modules). */
function screenOf(pathname: string) {
  const webinar = /^\/lms\/webinars(?:\/(\d+))?\/?$/.exec(pathname);
  if (webinar) {
    return webinar[1] === undefined
      ? ({ kind: 'webinars' } as const)
      : ({ kind: 'webinar', id: Number(webinar[1]) } as const);
  }
  const room = /^\/lms\/rooms\/(\d+)\/?$/.exec(pathname);
  return room ? ({ kind: 'room', id: Number(room[1]) } as const) : ({ kind: 'rooms' } as const);
}

const TITLES = {
  rooms: ['roomsTitle', 'roomsDescription'],
  room: ['weekTitle', 'weekDescription'],
  webinars: ['webinarsTitle', 'webinarsDescription'],
  webinar: ['webinarRoomTitle', 'webinarRoomDescription'],
} as const;

/**
 * /lms/rooms: find a free room (and book it, for teachers); /lms/rooms/<id>: a room's week.
 * /lms/webinars: the webinars (teachers schedule them); /lms/webinars/<id>: one, entered.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const screen = screenOf(useLocation().pathname);
  const [title, description] = TITLES[screen.kind];
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(title)}
      description={t(description)}
    >
      {screen.kind === 'rooms' && <FindRoomScreen />}
      {screen.kind === 'room' && <RoomWeekScreen roomId={screen.id} />}
      {screen.kind === 'webinars' && <WebinarsScreen />}
      {screen.kind === 'webinar' && <WebinarRoom key={screen.id} id={screen.id} />}
    </PageFrame>
  );
}
