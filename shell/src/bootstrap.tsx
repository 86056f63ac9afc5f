import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, installThemeStyles, keepOfflineCopy } from '@lms/shared';
import { App } from './app/App';
import { registerServiceWorker } from './features/app-update';
import { loadRemoteRegistry } from './features/remotes';
import { registerShellLocales } from './i18n';
import './styles/global.css';

async function start(): Promise<void> {
  installThemeStyles();
  registerShellLocales();
  await initI18n();
  // The registry loads beside the first render: only the remote panes wait for it.
  void loadRemoteRegistry();
  // What the user sees is kept for offline starts; the service worker keeps the portal's files.
  keepOfflineCopy();
  registerServiceWorker();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
