import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker of the installable, offline member site: production builds only (dev and tests run without it).
if (import.meta.env.PROD && 'serviceWorker' in navigator) void import('./offline/register-sw').then((m) => m.registerServiceWorker());

// A lazy chunk that cannot be loaded (a deploy replaced it and no service worker kept it): load the new build once.
// Offline, a reload would show the browser's offline page instead of the form being filled: the
// failed import is left to fail where it was asked for, and the page stays.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) return;
  if (sessionStorage.getItem('hub-reloaded-for-chunk')) return;
  sessionStorage.setItem('hub-reloaded-for-chunk', '1');
  event.preventDefault();
  window.location.reload();
});
