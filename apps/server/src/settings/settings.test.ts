import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';

const DEFAULTS = {
  notifications: { email: true, reminders: true, review: false },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: {
    theme: 'system',
    timezone: 'UTC',
    weekStart: 'locale',
    dayStart: '08:00',
    dayEnd: '20:00',
  },
  focus: { focusMinutes: 25, shortBreakMinutes: 5, longBreakMinutes: 15, longBreakEvery: 4 },
};

describe.each(ENGINES)('settings on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie } = app));

  const patch = (payload: object, as: string | undefined = cookie) =>
    sendAs(ctx, as, 'PATCH', '/api/settings', payload);

  it('creates the spec defaults on first read, starting from the browser time zone if given', async () => {
    const first = await api.get('/api/settings?timezone=Europe/Paris', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ...DEFAULTS,
      preferences: { ...DEFAULTS.preferences, timezone: 'Europe/Paris' },
    });
    // Later reads keep what was stored.
    expect((await api.get('/api/settings?timezone=Asia/Tokyo', cookie)).json()).toMatchObject({
      preferences: { timezone: 'Europe/Paris' },
    });
  });

  it('uses UTC without a time zone', async () => {
    expect((await api.get('/api/settings', cookie)).json()).toEqual(DEFAULTS);
  });

  it('changes one setting at a time and keeps the rest', async () => {
    await api.get('/api/settings', cookie);
    const changes = [
      { group: 'notifications', key: 'email', value: false },
      { group: 'notifications', key: 'reminders', value: false },
      { group: 'privacy', key: 'profileVisibility', value: 'friends' },
      { group: 'privacy', key: 'activityTracking', value: false },
      { group: 'preferences', key: 'theme', value: 'dark' },
      { group: 'preferences', key: 'timezone', value: 'America/New_York' },
      { group: 'preferences', key: 'weekStart', value: 'monday' },
      { group: 'notifications', key: 'review', value: true },
      { group: 'preferences', key: 'dayEnd', value: '23:30' },
      { group: 'preferences', key: 'dayStart', value: '06:15' },
      { group: 'focus', key: 'focusMinutes', value: 50 },
      { group: 'focus', key: 'shortBreakMinutes', value: 10 },
      { group: 'focus', key: 'longBreakMinutes', value: 30 },
      { group: 'focus', key: 'longBreakEvery', value: 3 },
    ];
    for (const change of changes) {
      expect((await patch(change)).statusCode).toBe(200);
    }
    expect((await api.get('/api/settings', cookie)).json()).toEqual({
      notifications: { email: false, reminders: false, review: true },
      privacy: { profileVisibility: 'friends', activityTracking: false },
      preferences: {
        theme: 'dark',
        timezone: 'America/New_York',
        weekStart: 'monday',
        dayStart: '06:15',
        dayEnd: '23:30',
      },
      focus: { focusMinutes: 50, shortBreakMinutes: 10, longBreakMinutes: 30, longBreakEvery: 3 },
    });
  });

  it.each([
    { group: 'privacy', key: 'email', value: true },
    { group: 'billing', key: 'plan', value: 'pro' },
    { group: 'privacy', key: 'profileVisibility', value: 'everyone' },
    { group: 'preferences', key: 'timezone', value: 'Mars/Olympus' },
    { group: 'notifications', key: 'email', value: 'yes' },
    { group: 'preferences', key: 'weekStart', value: 'wednesday' },
    { group: 'preferences', key: 'dayStart', value: '8:00' },
    { group: 'preferences', key: 'dayEnd', value: '24:00' },
    // The day must start before it ends (08:00 to 20:00 by default).
    { group: 'preferences', key: 'dayStart', value: '20:00' },
    { group: 'preferences', key: 'dayEnd', value: '07:59' },
    { group: 'focus', key: 'focusMinutes', value: 0 },
    { group: 'focus', key: 'shortBreakMinutes', value: 2.5 },
    { group: 'focus', key: 'longBreakMinutes', value: 121 },
    { group: 'focus', key: 'longBreakEvery', value: '4' },
    { group: 'notifications', key: 'review', value: 1 },
  ])('refuses %j and changes nothing', async (change) => {
    await api.get('/api/settings', cookie);
    const response = await patch(change);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    expect((await api.get('/api/settings', cookie)).json()).toEqual(DEFAULTS);
  });

  it('says why a day that ends before it starts is refused', async () => {
    await api.get('/api/settings', cookie);
    const response = await patch({ group: 'preferences', key: 'dayEnd', value: '08:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'Your day must start before it ends' },
    });
    // Moving the end first lets the start follow it.
    expect((await patch({ group: 'preferences', key: 'dayEnd', value: '23:00' })).statusCode).toBe(
      200,
    );
    expect(
      (await patch({ group: 'preferences', key: 'dayStart', value: '21:00' })).statusCode,
    ).toBe(200);
  });

  it('belongs to the signed-in user only', async () => {
    expect((await api.get('/api/settings')).statusCode).toBe(401);
    expect(
      (await patch({ group: 'preferences', key: 'theme', value: 'dark' }, '')).statusCode,
    ).toBe(401);
    const other = await api.signUpAndVerify('grace@example.com');
    await patch({ group: 'preferences', key: 'theme', value: 'dark' }, other);
    expect((await api.get('/api/settings', cookie)).json()).toEqual(DEFAULTS);
  });
});
