/**
 * Browser notifications for reminders: the Notification API
 * shown through the worker at the site root, and, where the browser cannot or may not show them,
 * an in-page dialog (components/in-page-reminder.tsx) instead of a blocking alert().
 */

import type { ReminderItemKind } from '@daywise/shared';
import { notificationsApi } from '@daywise/shared/api';

import { ApiClientError, callApi } from './api-client';
import { NOTIFICATION_WORKER_URL } from './offline-worker';
import type { ReminderOccurrence } from './reminders';

/**
 * Texts for notifications. packages/shared/src/messages.ts is not ours to edit; these could move
 * there. Word for word as docs/product/profile-and-settings.md gives them; "ours" fills a gap.
 */
export const NOTIFICATION_MESSAGES = {
  // Settings toasts
  testSent: 'Test notification sent! Check your notifications.',
  testFailed: 'Could not send notification. Please check browser permissions.',
  error: (message: string) => `Notification error: ${message}`,
  // Plans and reminders
  permissionDenied:
    'Notification permission denied. Please enable notifications in your browser settings.',
  // ours: the diagnostics buttons' messages (docs/product/profile-and-settings.md)
  permissionGranted: 'Notification permission granted',
  permissionDismissed: 'Notification permission was not granted',
  unsupported: 'This browser does not support notifications',
  workerRegistered: 'Notification service worker registered',
  workerUnsupported: 'This browser does not support service workers',
  workerFailed: (message: string) => `Service worker registration failed: ${message}`,
  forceShown: 'Notification shown',
  forceFallback: 'Browser notifications are blocked, so the reminder is shown in the page instead.',
  // ours: the test notification's own text (docs/product/profile-and-settings.md)
  testTitle: 'Daywise test notification',
  testBody: 'Notifications are working. Your reminders will look like this.',
  forceTitle: 'Daywise notification',
  forceBody: 'This notification was sent from the diagnostics panel.',
} as const;

/** A notification closes itself after 10 seconds and uses a fixed reminder tag. */
export const NOTIFICATION_AUTO_CLOSE_MS = 10_000;
export const NOTIFICATION_TAG = 'daywise-reminder';

/** The diagnostics view reloads 1 s after a permission request. */
export const PERMISSION_RELOAD_DELAY_MS = 1000;

/** The worker script lives at the site root, so its scope is the whole site. */
export { NOTIFICATION_WORKER_URL };

const NOTIFICATION_ICON = '/favicon.svg';

/**
 * Ours: how long to wait for a worker registered moments ago to become active (showNotification
 * needs an active one) before showing the notification from the page instead.
 */
const WORKER_READY_TIMEOUT_MS = 3000;

export type NotificationSupport = 'unsupported' | NotificationPermission;
export type NotificationWorkerStatus = 'unsupported' | 'unregistered' | 'installing' | 'active';

export interface Reminder {
  title: string;
  body: string;
  /** The page a click opens (REMINDER_PAGES). */
  url: string;
}

type ReminderListener = (reminder: Reminder) => void;

const inPageListeners = new Set<ReminderListener>();
let registering: Promise<ServiceWorkerRegistration> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

/** The browser's notification permission, or 'unsupported' (also while prerendering). */
export function notificationSupport(): NotificationSupport {
  if (typeof Notification === 'undefined') {
    return 'unsupported';
  }
  return Notification.permission;
}

/** Asks for permission to notify; the answer, or the standing decision once there is one. */
export async function requestNotificationPermission(): Promise<
  NotificationPermission | 'unsupported'
> {
  const current = notificationSupport();
  // requesting is attempted only while neither granted nor denied.
  if (current !== 'default') {
    return current;
  }
  return Notification.requestPermission();
}

function workersSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the notification worker (once per page; the browser keeps it across visits). Null
 * when the browser has no service workers; rejects when registration fails.
 */
export async function registerNotificationWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!workersSupported()) {
    return null;
  }
  registering ??= navigator.serviceWorker
    .register(NOTIFICATION_WORKER_URL, { scope: '/' })
    .catch((error: unknown) => {
      // A failed attempt is forgotten so that Setup SW can try again.
      registering = null;
      throw error;
    });
  return registering;
}

/**
 * Registers the notification worker as soon as a reminder is scheduled, when notifications are
 * allowed: the reminder then shows through the worker without waiting for it to install. A
 * failure is left to the reminder itself, which falls back to the page.
 */
export function prepareNotificationWorker(): void {
  if (notificationSupport() === 'granted') {
    registerNotificationWorker().catch(() => undefined);
  }
}

/** Whether the notification worker is registered here, for the diagnostics panel. */
export async function notificationWorkerStatus(): Promise<NotificationWorkerStatus> {
  if (!workersSupported()) {
    return 'unsupported';
  }
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    if (!registration || !worker?.scriptURL.endsWith(NOTIFICATION_WORKER_URL)) {
      return 'unregistered';
    }
    return registration.active ? 'active' : 'installing';
  } catch {
    // Browsers refuse service workers outside a secure context.
    return 'unsupported';
  }
}

/**
 * Listens for reminders the browser could not show; returns the unsubscribe function. The
 * listener shows them in the page.
 */
export function onInPageReminder(listener: ReminderListener): () => void {
  inPageListeners.add(listener);
  return () => {
    inPageListeners.delete(listener);
  };
}

function showInPage(reminder: Reminder): void {
  if (inPageListeners.size === 0) {
    console.warn(`No in-page reminder view is mounted; reminder not shown: ${reminder.title}`);
  }
  inPageListeners.forEach((listener) => listener(reminder));
}

/**
 * Closes the shown notification after 10 s. The fixed tag means a newer notification
 * replaces the older one, so only the newest one's timer is kept.
 */
function closeLater(close: () => Promise<void>): void {
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    close().catch((error: unknown) => console.warn('Could not close the notification', error));
  }, NOTIFICATION_AUTO_CLOSE_MS);
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerNotificationWorker();
  if (!registration || registration.active) {
    return registration;
  }
  return withTimeout(navigator.serviceWorker.ready, WORKER_READY_TIMEOUT_MS);
}

/** Through the worker, so that a click can open the page even when no tab is open. */
async function showThroughWorker(title: string, options: NotificationOptions): Promise<boolean> {
  const registration = await activeRegistration();
  if (!registration) {
    return false;
  }
  await registration.showNotification(title, options);
  closeLater(async () => {
    const shown = await registration.getNotifications({ tag: NOTIFICATION_TAG });
    shown.forEach((notification) => notification.close());
  });
  return true;
}

/** From the page itself; some browsers (Chrome on Android) refuse this and throw. */
function showThroughPage(title: string, options: NotificationOptions, url: string): void {
  const notification = new Notification(title, options);
  notification.onclick = () => {
    notification.close();
    window.focus();
    window.location.assign(url);
  };
  closeLater(async () => notification.close());
}

/**
 * Shows a reminder that came due in this tab only if the server says nobody delivered it yet:
 * not by push or email, nor in another tab, window or device (ADR 0019, 2026-11-28). A server
 * that cannot be reached cannot have recorded it, so the tab shows it then rather than lose it.
 */
export function showOnceFor(
  kind: ReminderItemKind,
): (reminder: Reminder, occurrence: ReminderOccurrence) => Promise<void> {
  return async (reminder, { itemId, at }) => {
    try {
      const { show } = await callApi(notificationsApi.claimReminder, {
        body: { kind, itemId, occurrence: at.toISOString() },
      });
      if (!show) {
        return;
      }
    } catch (error) {
      if (!(error instanceof ApiClientError && error.code === 'NETWORK')) {
        throw error;
      }
    }
    await showNotification(reminder);
  };
}

/**
 * Shows a reminder as a browser notification when permission is granted; otherwise, or when the
 * browser fails to show it, in the page ('fallback'), unless `inPage` is false ('failed': a Test
 * Notification checks the browser's notifications, so it says that they failed and nothing else;
 * docs/product/profile-and-settings.md). Never rejects.
 */
export async function showNotification(
  { title, body, url }: Reminder,
  { inPage = true }: { inPage?: boolean } = {},
): Promise<'shown' | 'fallback' | 'failed'> {
  if (notificationSupport() === 'granted') {
    const options: NotificationOptions = {
      body,
      tag: NOTIFICATION_TAG,
      icon: NOTIFICATION_ICON,
      data: { url },
    };
    try {
      if (await showThroughWorker(title, options)) {
        return 'shown';
      }
    } catch (error) {
      console.warn('The notification worker could not show the notification', error);
    }
    try {
      showThroughPage(title, options, url);
      return 'shown';
    } catch (error) {
      console.warn('The browser could not show the notification', error);
    }
  }
  if (!inPage) {
    return 'failed';
  }
  showInPage({ title, body, url });
  return 'fallback';
}
