/**
 * The worker at the site root (public/notification-sw.js): it shows reminders and serves the
 * offline page when a page cannot load. Kept apart from notifications.ts so that every page's
 * entry can register it without loading the notification code.
 */
export const NOTIFICATION_WORKER_URL = '/notification-sw.js';

/**
 * Registers the worker for every visitor of the production build once the page has loaded, so
 * that the offline page works before notifications were ever allowed (ADR 0019, 2026-11-28). The
 * development server serves no such page; a browser without workers, or one that refuses them,
 * just goes without.
 */
export function registerOfflineWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    return;
  }
  const register = () => {
    navigator.serviceWorker
      .register(NOTIFICATION_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.warn('Could not register the offline worker', error));
  };
  if (document.readyState === 'complete') {
    register();
  } else {
    window.addEventListener('load', register, { once: true });
  }
}
