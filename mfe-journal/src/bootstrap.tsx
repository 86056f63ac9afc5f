import { mountStandalone } from '@lms/shared';
import App from './exposed/App';
import { AREA_LABEL_KEYS, AREAS } from './areas';

// The standalone page links every area the shell routes here; the App picks its area from the path.
mountStandalone({
  remote: 'journal',
  areas: AREAS.map((area) => ({ path: `/lms/${area}`, labelKey: AREA_LABEL_KEYS[area] })),
  children: <App />,
});
