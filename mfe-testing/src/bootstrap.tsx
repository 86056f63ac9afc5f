import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

// The standalone page: the remote alone, for QA, with a link to the shell route it serves.
mountStandalone({
  remote: 'testing',
  areas: [{ path: '/lms/testing', labelKey: 'title' }],
  children: <App />,
});
