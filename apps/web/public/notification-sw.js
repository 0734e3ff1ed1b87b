// The notification worker, served from the site root so that its scope covers every page
// (a notification worker script at the site root;). Plain script, no
// imports: it is not bundled. src/lib/notifications.ts shows the notifications; this only opens
// the right page when one is clicked.

// Where a reminder leads when it names no page (todo reminders open the todos page).
const DEFAULT_URL = '/dashboard/todos';

self.addEventListener('install', function () {
  // A new version takes over at once: the worker keeps no caches that could go stale.
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

/** The page to open, kept to this origin so that a notification cannot send the user elsewhere. */
function targetUrl(data) {
  const requested = data && typeof data.url === 'string' ? data.url : DEFAULT_URL;
  try {
    const url = new URL(requested, self.location.origin);
    if (url.origin === self.location.origin) {
      return url.href;
    }
  } catch (e) {
    // A malformed url falls through to the default page.
  }
  return new URL(DEFAULT_URL, self.location.origin).href;
}

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  const url = targetUrl(event.notification.data);

  event.waitUntil(
    (async function () {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const sameOrigin = windows.filter(function (client) {
        return new URL(client.url).origin === self.location.origin;
      });
      // An already open Daywise tab is reused rather than opening another one; a visible one first.
      const client =
        sameOrigin.find(function (candidate) {
          return candidate.visibilityState === 'visible';
        }) || sameOrigin[0];

      if (client) {
        try {
          const focused = await client.focus();
          if (focused.url !== url) {
            // navigate() rejects for a tab this worker does not control (e.g. one opened before
            // the worker was installed); the new window below covers that case.
            await focused.navigate(url);
          }
          return;
        } catch (e) {
          // Fall through to a new window.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
