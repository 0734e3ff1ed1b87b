// The notification worker, served from the site root so that its scope covers every page.
// Plain script, no imports: it is not bundled. src/lib/notifications.ts shows the reminders of an
// open tab through it; this worker also shows the reminders the server sends by web push
// (apps/server/src/push/send.ts), opens the right page when one is clicked, and serves a small
// offline page when a page cannot load.

// Where a reminder leads when it names no page (todo reminders open the todos page).
const DEFAULT_URL = '/dashboard/todos';

// The only thing the worker caches. Renaming the cache replaces the page on the next install.
const OFFLINE_CACHE = 'daywise-offline-v2';
const OFFLINE_URL = '/offline.html';
// The offline page's script (reloads it once the browser is back online), served from the cache
// too: the page's Content-Security-Policy allows no inline script.
const OFFLINE_SCRIPT_URL = '/offline.js';

// As the tab's reminders show (src/lib/notifications.ts): a newer reminder replaces the older.
const REMINDER_TAG = 'daywise-reminder';
const REMINDER_ICON = '/icons/icon-192.png';
const FALLBACK_TITLE = 'Daywise reminder';

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then(function (cache) {
        return cache.addAll([
          new Request(OFFLINE_URL, { cache: 'reload' }),
          new Request(OFFLINE_SCRIPT_URL, { cache: 'reload' }),
        ]);
      })
      // Installed even without the offline page (installing while offline): notifications
      // matter more, and the next version's install tries again.
      .catch(function () {})
      // A new version takes over at once: its only cache is the offline page.
      .then(function () {
        return self.skipWaiting();
      }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    (async function () {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(function (name) {
            return name !== OFFLINE_CACHE;
          })
          .map(function (name) {
            return caches.delete(name);
          }),
      );
      // Pages load from the network as before; preloading lets them start while the worker
      // wakes up, so the worker costs a navigation no time.
      if (self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

/**
 * A page that cannot load shows the offline page, and the offline page gets its script even
 * offline; everything else is left to the browser.
 */
self.addEventListener('fetch', function (event) {
  if (new URL(event.request.url).pathname === OFFLINE_SCRIPT_URL) {
    event.respondWith(
      caches.match(OFFLINE_SCRIPT_URL).then(function (cached) {
        return cached || fetch(event.request);
      }),
    );
    return;
  }
  if (event.request.mode !== 'navigate') {
    return;
  }
  event.respondWith(
    (async function () {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch (e) {
        return (await caches.match(OFFLINE_URL)) || Response.error();
      }
    })(),
  );
});

/** The reminder a push carries: `{ title, body, url, tag }` as the server sends it. */
function pushedReminder(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') {
      return data;
    }
  } catch (e) {
    // Not JSON: shown as a plain reminder below.
  }
  return { title: FALLBACK_TITLE, body: event.data ? event.data.text() : '' };
}

self.addEventListener('push', function (event) {
  const reminder = pushedReminder(event);
  // Every push shows a notification: browsers require it of subscriptions made with
  // userVisibleOnly. It stays until the user acts on it: the device may be asleep when it arrives.
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: typeof reminder.body === 'string' ? reminder.body : '',
      tag: typeof reminder.tag === 'string' ? reminder.tag : REMINDER_TAG,
      icon: REMINDER_ICON,
      data: { url: reminder.url },
    }),
  );
});

/**
 * The push service replaced this browser's subscription (it expired or its keys changed): the
 * new one is handed to the server, which answers for the signed-in account. The old endpoint is
 * dropped by the server the next time it answers 410.
 */
self.addEventListener('pushsubscriptionchange', function (event) {
  event.waitUntil(
    (async function () {
      const old = event.oldSubscription;
      const key = old && old.options && old.options.applicationServerKey;
      const subscription =
        event.newSubscription ||
        (key &&
          (await self.registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: key,
          })));
      if (!subscription) {
        return;
      }
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
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
