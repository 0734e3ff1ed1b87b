import { pushApi } from '@daywise/shared/api';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi } from '../test/fake-api';
import {
  disablePush,
  enablePush,
  PushUnavailableError,
  readPushState,
  useRenewPushSubscription,
} from './push';

// A few bytes are enough to see that the key is decoded from base64url.
const PUBLIC_KEY = 'BP-_AQID'; // 0x04 0xff 0xbf 0x01 0x02 0x03
const PUBLIC_KEY_BYTES = [0x04, 0xff, 0xbf, 0x01, 0x02, 0x03];
const KEYS = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };
const DEVICE = {
  id: 'd1',
  label: 'Chrome on Linux',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: null,
};

function fakeSubscription(endpoint: string, key: number[]) {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(key).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** A browser with push: Notification, a worker registration and its PushManager. */
function stubPushBrowser(permission: NotificationPermission, existing: FakeSubscription | null) {
  let current = existing;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    current = fakeSubscription(
      'https://push.example.com/new',
      Array.from(options.applicationServerKey as Uint8Array),
    );
    return current;
  });
  const registration = {
    active: {},
    pushManager: { getSubscription: vi.fn(async () => current), subscribe },
  };
  vi.stubGlobal(
    'Notification',
    class {
      static permission = permission;
      static requestPermission = vi.fn(async () => 'granted');
    },
  );
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('web push on this device', () => {
  it('is unsupported without a PushManager', async () => {
    expect(await readPushState()).toEqual({ state: 'unsupported', deviceId: null });
  });

  it('subscribes with the server key and hands the subscription to the server', async () => {
    const { subscribe } = stubPushBrowser('default', null);
    const api = fakeApi()
      .on(pushApi.publicKey, { publicKey: PUBLIC_KEY })
      .on(pushApi.subscribe, DEVICE);

    expect(await enablePush()).toEqual(DEVICE);

    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(PUBLIC_KEY_BYTES),
    });
    expect(api.callsTo('POST', '/api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/new',
      keys: KEYS,
    });
  });

  it('says the browser has no push service when subscribing is refused, and tells the server nothing', async () => {
    const { subscribe } = stubPushBrowser('granted', null);
    subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service not available', 'AbortError'),
    );
    const api = fakeApi().on(pushApi.publicKey, { publicKey: PUBLIC_KEY });

    await expect(enablePush()).rejects.toBeInstanceOf(PushUnavailableError);
    expect(api.callsTo('POST', '/api/push/subscriptions')).toEqual([]);
  });

  it('replaces a subscription made with another key', async () => {
    const old = fakeSubscription('https://push.example.com/old', [0x04, 0x00]);
    const { subscribe } = stubPushBrowser('granted', old);
    fakeApi().on(pushApi.publicKey, { publicKey: PUBLIC_KEY }).on(pushApi.subscribe, DEVICE);

    await enablePush();

    expect(old.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalled();
  });

  it('renews an existing subscription under the signed-in account when read', async () => {
    stubPushBrowser('granted', fakeSubscription('https://push.example.com/mine', PUBLIC_KEY_BYTES));
    const api = fakeApi().on(pushApi.subscribe, DEVICE);

    expect(await readPushState()).toEqual({ state: 'on', deviceId: 'd1' });
    expect(api.requests).toEqual(['POST /api/push/subscriptions']);
  });

  it('hands the subscription to the server on a signed-in visit', async () => {
    stubPushBrowser('granted', fakeSubscription('https://push.example.com/mine', PUBLIC_KEY_BYTES));
    const api = fakeApi().on(pushApi.subscribe, DEVICE);
    renderHook(() => useRenewPushSubscription());
    await waitFor(() => expect(api.requests).toEqual(['POST /api/push/subscriptions']));
  });

  it('tells the server, then unsubscribes the browser', async () => {
    const mine = fakeSubscription('https://push.example.com/mine', PUBLIC_KEY_BYTES);
    stubPushBrowser('granted', mine);
    const api = fakeApi().on(pushApi.unsubscribe, undefined);

    await disablePush();

    expect(api.callsTo('POST', '/api/push/subscriptions/unsubscribe')[0]?.body).toEqual({
      endpoint: 'https://push.example.com/mine',
    });
    expect(mine.unsubscribe).toHaveBeenCalled();
  });
});
