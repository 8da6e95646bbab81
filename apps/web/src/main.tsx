import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstPageReady } from './app/app';
import { registerAppShellWorker } from './app/app-shell-worker';

/** Past this the app draws its loading state while the first page keeps loading. */
const FIRST_PAINT_WAIT_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void firstPageReady(FIRST_PAINT_WAIT_MS).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerAppShellWorker();
