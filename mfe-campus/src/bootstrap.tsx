import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

// The standalone page links the rooms screen; a room's week is /lms/rooms/<id>.
mountStandalone({
  remote: 'campus',
  areas: [{ path: '/lms/rooms', labelKey: 'roomsTitle' }],
  children: <App />,
});
