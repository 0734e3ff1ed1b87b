/**
 * Web push on this device: the browser subscribes through the notification worker with the
 * server's VAPID key, and the server keeps the subscription (apps/server/src/push/) to send
 * reminders even when no Daywise tab is open. The worker shows them (public/notification-sw.js).
 */
import { pushApi } from '@daywise/shared/api';
import type { PushDevice } from '@daywise/shared/schemas';
import { useEffect } from 'react';

import { callApi } from './api-client';
import { registerNotificationWorker, requestNotificationPermission } from './notifications';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Whether this browser can receive push messages at all (iOS only once added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

/**
 * This browser has the Push API's names but no push service behind them (a Chromium build without
 * one, a browser that turned push off): subscribing is refused whatever the user allows.
 */
export class PushUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('This browser has no push service', { cause });
    this.name = 'PushUnavailableError';
  }
}

/** The refusals a browser gives when it has no push service to subscribe with. */
const NO_PUSH_SERVICE = new Set(['AbortError', 'NotSupportedError', 'NotAllowedError']);

async function subscribeWith(
  pushManager: PushManager,
  applicationServerKey: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  try {
    return await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    if (error instanceof DOMException && NO_PUSH_SERVICE.has(error.name)) {
      throw new PushUnavailableError(error);
    }
    throw error;
  }
}

/** The VAPID key as applicationServerKey wants it: the bytes of its base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/**
 * This browser's push state. When it is subscribed, the subscription is handed to the server
 * again: that renews its keys and makes it the signed-in account's (another account may have
 * subscribed it before signing out here). The device's id comes back with it.
 */
export async function readPushState(): Promise<{ state: PushState; deviceId: string | null }> {
  if (!pushSupported()) {
    return { state: 'unsupported', deviceId: null };
  }
  if (Notification.permission === 'denied') {
    return { state: 'denied', deviceId: null };
  }
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) {
    return { state: 'off', deviceId: null };
  }
  const device = await callApi(pushApi.subscribe, { body: subscriptionBody(subscription) });
  return { state: 'on', deviceId: device.id };
}

/**
 * Asks for permission if needed, subscribes this browser with the server's key and tells the
 * server. Resolves with the device, or null when permission was not given; rejects with
 * PushUnavailableError when the browser has no push service.
 */
export async function enablePush(): Promise<PushDevice | null> {
  if ((await requestNotificationPermission()) !== 'granted') {
    return null;
  }
  await registerNotificationWorker();
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await callApi(pushApi.publicKey);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    // A subscription made with another key (the server's keys changed) cannot be reused.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await subscribeWith(registration.pushManager, applicationServerKey);
  return callApi(pushApi.subscribe, { body: subscriptionBody(subscription) });
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) {
    return false;
  }
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** Stops push on this browser: the server forgets it first, then the browser unsubscribes. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) {
    return;
  }
  await callApi(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Hands this browser's subscription to the server once per signed-in visit (the dashboard shell):
 * the server forgets a browser when the session that subscribed it ends, so signing in again
 * here resumes push reminders for the account now signed in. Nothing is asked of the user.
 */
export function useRenewPushSubscription(): void {
  useEffect(() => {
    if (pushSupported() && Notification.permission === 'granted') {
      // A failure is not the user's concern here: Settings shows the state and offers the switch.
      readPushState().catch(() => undefined);
    }
  }, []);
}
