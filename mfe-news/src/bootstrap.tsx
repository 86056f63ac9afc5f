import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { ConfirmHost, Notifications, StandaloneApp } from '@lms/shared';
import App from './App';
import Feed from './Feed';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Standalone QA page: the area page and the home-pane feed, each on its own route.
createRoot(container).render(
  <StrictMode>
    <StandaloneApp
      remote="news"
      areas={[
        { path: '/lms/news', labelKey: 'title' },
        { path: '/lms/feed', labelKey: 'feedTitle' },
      ]}
    >
      <Routes>
        <Route path="/lms/feed" element={<Feed />} />
        <Route path="*" element={<App />} />
      </Routes>
      {/* The shell hosts these in the portal; alone, the page needs its own. */}
      <Notifications />
      <ConfirmHost />
    </StandaloneApp>
  </StrictMode>,
);
