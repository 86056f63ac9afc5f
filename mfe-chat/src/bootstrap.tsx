import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import { StandaloneApp } from '@lms/shared';
import App from './App';
import ContactList from './ContactList';
import DisciplineList from './DisciplineList';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Standalone QA page: the chat area and the shell's two grid panes, each on its own route.
createRoot(container).render(
  <StrictMode>
    <StandaloneApp
      remote="chat"
      areas={[
        { path: '/lms/chat', labelKey: 'title' },
        { path: '/lms/disciplines', labelKey: 'disciplinesTitle' },
        { path: '/lms/contacts', labelKey: 'contactsTitle' },
      ]}
    >
      <Routes>
        <Route path="/lms/disciplines" element={<DisciplineList />} />
        <Route path="/lms/contacts" element={<ContactList />} />
        <Route path="*" element={<App />} />
      </Routes>
    </StandaloneApp>
  </StrictMode>,
);
