import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@lms/shared';
import App from './App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <StandaloneApp remote="registration">
      <App />
    </StandaloneApp>
  </StrictMode>,
);
