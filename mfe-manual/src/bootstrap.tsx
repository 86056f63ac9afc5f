import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

// The standalone page links the manual's contents; a screen's section is /lms/manual/<section>.
mountStandalone({
  remote: 'manual',
  areas: [{ path: '/lms/manual', labelKey: 'title' }],
  children: <App />,
});
