import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { createToken, davClient, userIdOf } from '../../test/dav-client';
import { ENGINES } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';

const CRLF = '\r\n';

/** A timed DUE in another zone than the user's, both ways (ADR 0041). */
describe.each(ENGINES)('CalDAV timed DUE across zones on %s', (engine) => {
  let app: SignedInApp;

  eachSignedIn(engine, (signedIn) => {
    app = signedIn;
  });

  it('reads DUE;TZID=Europe/Berlin as the user’s date and time, and serves the same instant', async () => {
    const zone = await app.send('PATCH', '/api/settings', {
      group: 'preferences',
      key: 'timezone',
      value: 'America/New_York',
    });
    expect(zone.statusCode).toBe(200);
    const dav = davClient(app.ctx, 'ada@example.com', await createToken(app.ctx, app.cookie));
    const item = `/dav/calendars/${await userIdOf(app.ctx, app.cookie)}/inbox/berlin.ics`;
    const body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//Client//EN',
      'BEGIN:VTODO',
      'UID:berlin@example.com',
      'SUMMARY:Call Berlin',
      'DUE;TZID=Europe/Berlin:20261201T090000',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join(CRLF);
    const put = await dav('PUT', item, body, { 'content-type': 'text/calendar; charset=utf-8' });
    expect(put.statusCode, put.body).toBe(201);
    const todos = async () =>
      (await app.api.get('/api/todos?limit=10', app.cookie)).json<{
        items: { id: string; dueDate: string | null; dueTime: string | null }[];
      }>().items;
    const [todo] = await todos();
    // 09:00 in Berlin is 03:00 in New York on 1 December.
    expect(todo).toMatchObject({ dueDate: '2026-12-01', dueTime: '03:00' });
    const due = async () => {
      const calendar = new ICAL.Component(ICAL.parse((await dav('GET', item)).body) as unknown[]);
      const value = calendar.getFirstSubcomponent('vtodo')?.getFirstPropertyValue('due');
      return (value as ICAL.Time).toJSDate().toISOString();
    };
    expect(await due()).toBe('2026-12-01T08:00:00.000Z');

    // Moved to 04:00 in the app: 10:00 in Berlin, the same instant in every zone.
    const moved = await app.send('PATCH', `/api/todos/${todo?.id ?? ''}`, { dueTime: '04:00' });
    expect(moved.statusCode).toBe(200);
    expect(await due()).toBe('2026-12-01T09:00:00.000Z');
  });
});
