import { mountStandalone } from '@lms/shared';
import App from './exposed/App';
import { AREAS } from './areas';

// The standalone page links every area the shell routes here; the App picks its area from the path.
mountStandalone({
  remote: 'records',
  areas: AREAS.map((area) => ({ path: `/lms/${area}`, labelKey: `${area}Title` })),
  children: <App />,
});
