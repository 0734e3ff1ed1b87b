import { AUTH_RATE_LIMIT } from '@daywise/shared';
import { describe, expect, it } from 'vitest';

import { PASSWORD } from '../../test/account-client';
import {
  basicAuth,
  createToken,
  davClient,
  hrefIn,
  multistatus,
  propfindBody,
  userIdOf,
} from '../../test/dav-client';
import { ENGINES, type TestApp } from '../../test/helpers';
import { type AccountClient, eachSignedIn, sendAs } from '../../test/signed-in';
import { clark, NS } from './xml';

const EMAIL = 'ada@example.com';

describe.each(ENGINES)('CalDAV discovery and sign-in on %s', (engine) => {
  let ctx: TestApp;
  let api: AccountClient;
  let cookie: string;

  eachSignedIn(engine, (app) => ({ ctx, api, cookie } = app));

  const propfind = (authorization: string | undefined, url = '/dav/', headers = {}) =>
    ctx.app.inject({
      method: 'PROPFIND',
      url,
      payload: propfindBody('d:current-user-principal'),
      headers: {
        'content-type': 'application/xml',
        depth: '0',
        ...(authorization ? { authorization } : {}),
        ...headers,
      },
    });

  it('leads a client from /.well-known/caldav to the principal, the home and the collections', async () => {
    const secret = await createToken(ctx, cookie);
    const userId = await userIdOf(ctx, cookie);
    const list = await sendAs(ctx, cookie, 'POST', '/api/lists', {
      name: 'Work',
      color: '#2563eb',
    });
    expect(list.statusCode).toBe(201);
    const dav = davClient(ctx, EMAIL, secret);

    const wellKnown = await ctx.app.inject({ method: 'GET', url: '/.well-known/caldav' });
    expect(wellKnown.statusCode).toBe(301);
    expect(wellKnown.headers.location).toBe('/dav/');
    // As vdirsyncer asks: PROPFIND with an XML body, before it sends credentials.
    const asked = await ctx.app.inject({
      method: 'PROPFIND',
      url: '/.well-known/caldav',
      payload: propfindBody('d:current-user-principal'),
      headers: { 'content-type': 'application/xml', depth: '0' },
    });
    expect([asked.statusCode, asked.headers.location]).toEqual([301, '/dav/']);

    const root = await dav('PROPFIND', '/dav/', propfindBody('d:current-user-principal'), {
      depth: '0',
    });
    expect(root.statusCode).toBe(207);
    const principal = hrefIn(
      multistatus(root.body)[0]?.found.get(clark(NS.dav, 'current-user-principal')),
    );
    expect(principal).toBe(`/dav/principals/${userId}/`);

    const home = await dav(
      'PROPFIND',
      principal ?? '',
      propfindBody('c:calendar-home-set', 'd:displayname'),
      { depth: '0' },
    );
    const [principalAnswer] = multistatus(home.body);
    const homePath = hrefIn(principalAnswer?.found.get(clark(NS.caldav, 'calendar-home-set')));
    expect(homePath).toBe(`/dav/calendars/${userId}/`);
    expect(principalAnswer?.found.get(clark(NS.dav, 'displayname'))?.text).toBe('Ada Lovelace');

    const collections = await dav(
      'PROPFIND',
      homePath ?? '',
      propfindBody(
        'd:resourcetype',
        'd:displayname',
        'c:supported-calendar-component-set',
        'ical:calendar-color',
        'cs:getctag',
        'd:sync-token',
      ),
      { depth: '1' },
    );
    expect(collections.statusCode).toBe(207);
    const answers = multistatus(collections.body);
    const calendars = answers.filter((answer) =>
      answer.found
        .get(clark(NS.dav, 'resourcetype'))
        ?.children.some((each) => each.ns === NS.caldav && each.name === 'calendar'),
    );
    expect(
      calendars.map((each) => [each.href, each.found.get(clark(NS.dav, 'displayname'))?.text]),
    ).toEqual([
      [`/dav/calendars/${userId}/inbox/`, 'Inbox'],
      [`/dav/calendars/${userId}/${list.json<{ id: string }>().id}/`, 'Work'],
      [`/dav/calendars/${userId}/daily-goals/`, 'Daily goals'],
    ]);
    const work = calendars[1];
    expect(work?.found.get(clark(NS.apple, 'calendar-color'))?.text).toBe('#2563EB');
    expect(work?.found.get(clark(NS.cs, 'getctag'))?.text).toMatch(/^[\w-]{27}$/);
    expect(
      work?.found.get(clark(NS.caldav, 'supported-calendar-component-set'))?.children[0]?.attributes
        .name,
    ).toBe('VTODO');
    expect(work?.found.get(clark(NS.dav, 'sync-token'))?.text).toMatch(/^urn:daywise:sync:\d+$/);
  });

  it('answers OPTIONS with the compliance classes and the methods it serves', async () => {
    const response = await ctx.app.inject({ method: 'OPTIONS', url: '/dav/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.dav).toBe('1, 3, calendar-access, sync-collection');
    expect(response.headers.allow).toBe(
      'OPTIONS, GET, HEAD, PROPFIND, REPORT, PUT, DELETE, MOVE, MKCALENDAR, PROPPATCH',
    );
  });

  it('opens /dav/ only to an app password of the account, never to another credential', async () => {
    const secret = await createToken(ctx, cookie);
    const readWrite = await createToken(ctx, cookie, 'read-write');
    const read = await createToken(ctx, cookie, 'read');
    const otherCookie = (await api.signUpAndVerify('grace@example.com')) ?? '';
    const othersSecret = await createToken(ctx, otherCookie);
    const refused: [string, string | undefined, Record<string, string>?][] = [
      ['no credential', undefined],
      ['a wrong app password', basicAuth(EMAIL, `dw_${'x'.repeat(43)}`)],
      ['another user’s app password', basicAuth(EMAIL, othersSecret)],
      ['a read-write token', basicAuth(EMAIL, readWrite)],
      ['a read token', basicAuth(EMAIL, read)],
      ['the account password', basicAuth(EMAIL, PASSWORD)],
      ['the app password as a bearer token', `Bearer ${secret}`],
      ['a session cookie', undefined, { cookie }],
    ];
    for (const [what, authorization, headers] of refused) {
      const response = await propfind(authorization, '/dav/', headers);
      expect(response.statusCode, what).toBe(401);
      expect(response.headers['www-authenticate'], what).toBe(
        'Basic realm="Daywise", charset="UTF-8"',
      );
    }
    const allowed = await propfind(basicAuth(EMAIL, secret));
    expect(allowed.statusCode).toBe(207);
    // Clients send no Origin; one that does is neither needed nor checked here (ADR 0034).
    const foreign = await propfind(basicAuth(EMAIL, secret), '/dav/', {
      origin: 'https://elsewhere.example',
    });
    expect(foreign.statusCode).toBe(207);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await propfind(basicAuth(' ADA@example.com', secret))).statusCode,
      'the email as typed, in any case',
    ).toBe(207);
  });

  it('keeps app passwords to /dav/, and records their use', async () => {
    const secret = await createToken(ctx, cookie);
    const api = await ctx.app.inject({
      url: '/api/todos',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(api.statusCode).toBe(401);
    expect((await propfind(basicAuth(EMAIL, secret))).statusCode).toBe(207);
    const tokens = await ctx.app.inject({ url: '/api/tokens', headers: { cookie } });
    expect(
      tokens.json<{ tokens: { scope: string; lastUsedAt: string | null }[] }>().tokens,
    ).toEqual([
      expect.objectContaining({ scope: 'caldav', lastUsedAt: '2026-11-21T09:00:00.000Z' }),
    ]);
  });

  it('ends app passwords with a password reset', async () => {
    const secret = await createToken(ctx, cookie);
    expect((await api.post('/api/account/forgot-password', { email: EMAIL })).statusCode).toBe(200);
    const reset = await api.post('/api/account/reset-password', {
      ...api.linkBody(api.lastLink(EMAIL)),
      password: 'Moonrise2027',
    });
    expect(reset.statusCode).toBe(200);
    await expect.poll(async () => (await propfind(basicAuth(EMAIL, secret))).statusCode).toBe(401);
  });

  it(`stops an address after ${AUTH_RATE_LIMIT.loginFailures.max} wrong app passwords for one email`, async () => {
    const secret = await createToken(ctx, cookie);
    for (let i = 0; i < AUTH_RATE_LIMIT.loginFailures.max; i += 1) {
      expect((await propfind(basicAuth(EMAIL, 'wrong'))).statusCode).toBe(401);
    }
    const blocked = await propfind(basicAuth(EMAIL, secret));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('answers 404 for another user’s paths and unknown ones alike', async () => {
    const secret = await createToken(ctx, cookie);
    const otherCookie = (await api.signUpAndVerify('grace@example.com')) ?? '';
    const otherId = await userIdOf(ctx, otherCookie);
    const userId = await userIdOf(ctx, cookie);
    const dav = davClient(ctx, EMAIL, secret);
    for (const url of [
      `/dav/principals/${otherId}/`,
      `/dav/calendars/${otherId}/`,
      `/dav/calendars/${otherId}/inbox/`,
      `/dav/calendars/${userId}/no-such-list/`,
      `/dav/calendars/${userId}/inbox/nothing.ics`,
      `/dav/elsewhere/`,
    ]) {
      const response = await dav('PROPFIND', url, propfindBody('d:displayname'), { depth: '0' });
      expect(response.statusCode, url).toBe(404);
    }
    const put = await dav('PUT', `/dav/calendars/${otherId}/inbox/new.ics`, 'BEGIN:VCALENDAR', {
      'content-type': 'text/calendar',
    });
    expect(put.statusCode).toBe(404);
    // No POST under /dav/ (the Origin check's exemption relies on it).
    const post = await dav('POST', `/dav/calendars/${userId}/inbox/`, 'BEGIN:VCALENDAR');
    expect(post.statusCode).toBe(403);
  });
});
