import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, installThemeStyles, keepOfflineCopy } from '@lms/shared';
import { registerServiceWorker } from './features/app-update';
import { loadRemoteRegistry } from './features/remotes';
import { registerShellLocales } from './i18n';
import { nextTask } from './lib/nextTask';
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
  // The app's own code (its routes, layout and their styles) is evaluated in a later task than
  // the libraries under it, from this same file (no request more), and its first render is
  // a transition: React renders it in slices and yields between them, not in one long task.
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
