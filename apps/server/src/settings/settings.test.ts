import { describe, expect, it } from 'vitest';

import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';

const DEFAULTS = {
  notifications: { email: true, reminders: true },
  privacy: { profileVisibility: 'private', activityTracking: true },
  preferences: { theme: 'system', timezone: 'UTC', weekStart: 'locale' },
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
      preferences: { theme: 'system', timezone: 'Europe/Paris', weekStart: 'locale' },
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
    ];
    for (const change of changes) {
      expect((await patch(change)).statusCode).toBe(200);
    }
    expect((await api.get('/api/settings', cookie)).json()).toEqual({
      notifications: { email: false, reminders: false },
      privacy: { profileVisibility: 'friends', activityTracking: false },
      preferences: { theme: 'dark', timezone: 'America/New_York', weekStart: 'monday' },
    });
  });

  it.each([
    { group: 'privacy', key: 'email', value: true },
    { group: 'billing', key: 'plan', value: 'pro' },
    { group: 'privacy', key: 'profileVisibility', value: 'everyone' },
    { group: 'preferences', key: 'timezone', value: 'Mars/Olympus' },
    { group: 'notifications', key: 'email', value: 'yes' },
    { group: 'preferences', key: 'weekStart', value: 'wednesday' },
  ])('refuses %j and changes nothing', async (change) => {
    await api.get('/api/settings', cookie);
    const response = await patch(change);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    expect((await api.get('/api/settings', cookie)).json()).toEqual(DEFAULTS);
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
