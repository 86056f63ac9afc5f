import { Route, Routes } from 'react-router-dom';
import { mountStandalone } from '@lms/shared';
import App from './exposed/App';
import ContactList from './exposed/ContactList';
import DisciplineList from './exposed/DisciplineList';

// Standalone QA page: the chat area and the shell's two grid panes, each on its own route.
mountStandalone({
  remote: 'chat',
  areas: [
    { path: '/lms/chat', labelKey: 'title' },
    { path: '/lms/disciplines', labelKey: 'disciplinesTitle' },
    { path: '/lms/contacts', labelKey: 'contactsTitle' },
  ],
  children: (
    <Routes>
      <Route path="/lms/disciplines" element={<DisciplineList />} />
      <Route path="/lms/contacts" element={<ContactList />} />
      <Route path="*" element={<App />} />
    </Routes>
  ),
});
