import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, loadFirstPage } from './app/router';
import { setUnauthorizedHandler } from './shared/api';
import { handleUnauthorized } from './shared/auth';
import { installUnloadCleanup } from './shared/storage';

setUnauthorizedHandler(() => void handleUnauthorized());
installUnloadCleanup();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Home and the sign-in page are modules of their own too; the one this address opens loads first.
void loadFirstPage(window.location.pathname)
  .catch(() => null)
  .then((first) =>
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter(first)} />
      </StrictMode>,
    ),
  );
