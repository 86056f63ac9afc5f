import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from '@lms/shared';
import App from './exposed/App';
import Feed from './exposed/Feed';

// Standalone QA page: the area page and the home-pane feed, each on its own route.
mountStandalone({
  remote: 'news',
  areas: [
    { path: '/lms/news', labelKey: 'title' },
    { path: '/lms/feed', labelKey: 'feedTitle' },
  ],
  children: (
    <Routes>
      <Route path="/lms/feed" element={<Feed />} />
      <Route path="*" element={<App />} />
    </Routes>
  ),
});
