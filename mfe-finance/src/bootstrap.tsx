import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@lms/shared';
import App from './App';
import { AREAS } from './areas';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The standalone page links every area the shell routes here; the App picks its area from the path.
createRoot(container).render(
  <StrictMode>
    <StandaloneApp
      remote="finance"
      areas={AREAS.map((area) => ({ path: `/lms/${area}`, labelKey: `${area}Title` }))}
    >
      <App />
    </StandaloneApp>
  </StrictMode>,
);
