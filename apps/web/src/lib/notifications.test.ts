import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const REMINDER = {
  title: 'Water the plants',
  body: 'Reminder for 09:00',
  url: '/dashboard/daily-goals',
};

/** A fresh copy of the module: it remembers its worker registration and its close timer. */
async function load() {
  vi.resetModules();
  return import('./notifications');
}

/** A stand-in for the browser's Notification constructor with the given permission. */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const created: FakeNotification[] = [];
  const requestPermission = vi.fn(async () => answer);
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    close = vi.fn();
    onclick: (() => void) | null = null;
    constructor(
      readonly title: string,
      readonly options?: NotificationOptions,
    ) {
      created.push(this);
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { created, requestPermission };
}

/** A stand-in for navigator.serviceWorker whose registration is already active. */
function stubServiceWorker() {
  const close = vi.fn();
  const registration = {
    active: {},
    showNotification: vi.fn(async (_title: string, _options?: NotificationOptions) => undefined),
    getNotifications: vi.fn(async (_filter?: { tag?: string }) => [{ close }]),
  };
  const register = vi.fn(async (_url: string, _options?: RegistrationOptions) => registration);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve(registration) },
  });
  return { register, registration, close };
}

beforeEach(() => {
  // The module warns when it falls back; the warning is expected here, not a failure.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.mocked(console.warn).mockRestore();
});

describe('showNotification', () => {
  it('shows the reminder in the page when the browser has no notifications', async () => {
    const { showNotification, onInPageReminder, notificationSupport } = await load();
    const listener = vi.fn();
    onInPageReminder(listener);

    expect(notificationSupport()).toBe('unsupported');
    await expect(showNotification(REMINDER)).resolves.toBe('fallback');
    expect(listener).toHaveBeenCalledWith(REMINDER);
  });

  it.each(['denied', 'default'] as const)(
    'shows the reminder in the page when permission is %s',
    async (permission) => {
      stubNotification(permission, permission);
      const { registration } = stubServiceWorker();
      const { showNotification, onInPageReminder } = await load();
      const listener = vi.fn();
      onInPageReminder(listener);

      await expect(showNotification(REMINDER)).resolves.toBe('fallback');
      expect(listener).toHaveBeenCalledWith(REMINDER);
      expect(registration.showNotification).not.toHaveBeenCalled();
    },
  );

  it.each(['denied', 'default'] as const)(
    'answers failed and shows nothing in the page when asked not to, permission %s',
    async (permission) => {
      stubNotification(permission, permission);
      const { showNotification, onInPageReminder } = await load();
      const listener = vi.fn();
      onInPageReminder(listener);

      await expect(showNotification(REMINDER, { inPage: false })).resolves.toBe('failed');
      expect(listener).not.toHaveBeenCalled();
    },
  );

  it('stops calling a listener once it unsubscribes', async () => {
    const { showNotification, onInPageReminder } = await load();
    const listener = vi.fn();
    const unsubscribe = onInPageReminder(listener);
    unsubscribe();

    await expect(showNotification(REMINDER)).resolves.toBe('fallback');
    expect(listener).not.toHaveBeenCalled();
  });

  it('shows it through the worker with the fixed tag and closes it after 10 s', async () => {
    vi.useFakeTimers();
    stubNotification('granted', 'granted');
    const { register, registration, close } = stubServiceWorker();
    const { showNotification, onInPageReminder } = await load();
    const listener = vi.fn();
    onInPageReminder(listener);

    await expect(showNotification(REMINDER)).resolves.toBe('shown');

    expect(register).toHaveBeenCalledWith('/notification-sw.js', { scope: '/' });
    expect(registration.showNotification).toHaveBeenCalledWith(REMINDER.title, {
      body: REMINDER.body,
      tag: 'daywise-reminder',
      icon: '/favicon.svg',
      data: { url: REMINDER.url },
    });
    expect(listener).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(9_999);
    expect(close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.getNotifications).toHaveBeenCalledWith({ tag: 'daywise-reminder' });
    expect(close).toHaveBeenCalledOnce();
  });

  it('shows it from the page when there is no service worker, and closes it after 10 s', async () => {
    vi.useFakeTimers();
    const { created } = stubNotification('granted', 'granted');
    const { showNotification } = await load();

    await expect(showNotification(REMINDER)).resolves.toBe('shown');

    expect(created).toHaveLength(1);
    const [notification] = created;
    expect(notification?.title).toBe(REMINDER.title);
    expect(notification?.options).toMatchObject({
      tag: 'daywise-reminder',
      data: { url: REMINDER.url },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(notification?.close).toHaveBeenCalledOnce();
  });

  it('shows it from the page when the worker fails to show it', async () => {
    vi.useFakeTimers();
    const { created } = stubNotification('granted', 'granted');
    const { registration } = stubServiceWorker();
    registration.showNotification.mockRejectedValueOnce(new TypeError('No active registration'));
    const { showNotification } = await load();

    await expect(showNotification(REMINDER)).resolves.toBe('shown');
    expect(created).toHaveLength(1);
  });
});

describe('requestNotificationPermission', () => {
  it("returns 'unsupported' without the Notification API", async () => {
    const { requestNotificationPermission } = await load();
    await expect(requestNotificationPermission()).resolves.toBe('unsupported');
  });

  it('asks while the user has not decided', async () => {
    const { requestPermission } = stubNotification('default', 'granted');
    const { requestNotificationPermission } = await load();

    await expect(requestNotificationPermission()).resolves.toBe('granted');
    expect(requestPermission).toHaveBeenCalledOnce();
  });

  it('does not ask again once the user has decided', async () => {
    const { requestPermission } = stubNotification('denied', 'granted');
    const { requestNotificationPermission } = await load();

    await expect(requestNotificationPermission()).resolves.toBe('denied');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('registerNotificationWorker', () => {
  it('is null without service workers', async () => {
    const { registerNotificationWorker } = await load();
    await expect(registerNotificationWorker()).resolves.toBeNull();
  });

  it('registers the worker once', async () => {
    const { register, registration } = stubServiceWorker();
    const { registerNotificationWorker } = await load();

    await expect(registerNotificationWorker()).resolves.toBe(registration);
    await expect(registerNotificationWorker()).resolves.toBe(registration);
    expect(register).toHaveBeenCalledOnce();
  });

  it('tries again after a failed registration', async () => {
    const { register, registration } = stubServiceWorker();
    register.mockRejectedValueOnce(new Error('blocked'));
    const { registerNotificationWorker } = await load();

    await expect(registerNotificationWorker()).rejects.toThrow('blocked');
    await expect(registerNotificationWorker()).resolves.toBe(registration);
    expect(register).toHaveBeenCalledTimes(2);
  });
});

describe('prepareNotificationWorker', () => {
  it('registers the worker ahead of a reminder once notifications are allowed', async () => {
    const { register } = stubServiceWorker();
    stubNotification('granted', 'granted');
    const { prepareNotificationWorker } = await load();

    prepareNotificationWorker();
    expect(register).toHaveBeenCalledWith('/notification-sw.js', { scope: '/' });
  });

  it('registers nothing before the user allows notifications, and swallows a failure', async () => {
    const { register } = stubServiceWorker();
    stubNotification('default', 'default');
    const { prepareNotificationWorker } = await load();
    prepareNotificationWorker();
    expect(register).not.toHaveBeenCalled();

    stubNotification('granted', 'granted');
    register.mockRejectedValueOnce(new Error('blocked'));
    prepareNotificationWorker();
    await vi.waitFor(() => expect(register).toHaveBeenCalledOnce());
  });
});
