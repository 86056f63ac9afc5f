import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, installThemeStyles } from '@lms/shared';
import { App } from './app/App';
import { loadRemoteRegistry } from './features/remotes';
import { registerShellLocales } from './i18n';
import './styles/global.css';

async function start(): Promise<void> {
  installThemeStyles();
  registerShellLocales();
  await initI18n();
  // The registry loads beside the first render: only the remote panes wait for it.
  void loadRemoteRegistry();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
