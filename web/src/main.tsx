import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setUnauthorizedHandler } from './shared/api';
import { handleUnauthorized } from './shared/auth';
import { installUnloadCleanup } from './shared/storage';

setUnauthorizedHandler(() => void handleUnauthorized());
installUnloadCleanup();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
