import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  basicAuth,
  createToken,
  davClient,
  type DavRequest,
  userIdOf,
} from '../../test/dav-client';
import { ENGINES, type TestApp } from '../../test/helpers';
import { eachSignedIn, type SignedInApp } from '../../test/signed-in';
import { DAV_BODY_LIMIT_BYTES } from './routes';
import { parseXml, XML_MAX_DEPTH } from './xml';

const SEED = 20261128;

const LAUGHS =
  '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
  ).join('') +
  ']>\n<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol9;</d:displayname></d:prop></d:propfind>';

const EXTERNAL =
  '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
  '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&xxe;</d:displayname></d:prop></d:propfind>';

describe('the CalDAV XML reader', () => {
  it('refuses a DOCTYPE, undeclared entities and deep nesting, and reads namespaces', () => {
    expect(() => parseXml(LAUGHS)).toThrow(/DOCTYPE/);
    expect(() => parseXml(EXTERNAL)).toThrow(/DOCTYPE/);
    expect(() => parseXml('<d:prop xmlns:d="DAV:">&xxe;</d:prop>')).toThrow(/malformed/);
    const deep = `${'<a>'.repeat(XML_MAX_DEPTH + 1)}${'</a>'.repeat(XML_MAX_DEPTH + 1)}`;
    expect(() => parseXml(deep)).toThrow(/too deeply/);
    const root = parseXml('<x:propfind xmlns:x="DAV:"><prop xmlns="urn:y"/></x:propfind>');
    expect([root.ns, root.name, root.children[0]?.ns]).toEqual(['DAV:', 'propfind', 'urn:y']);
    expect(parseXml('<a>&lt;&amp;&#65;</a>').text).toBe('<&A');
  });
});

describe.each(ENGINES)('CalDAV request bodies on %s', (engine) => {
  let ctx: TestApp;
  let cookie: string;
  let send: SignedInApp['send'];
  let dav: DavRequest;
  let inbox: string;

  eachSignedIn(engine, (app) => ({ ctx, cookie, send } = app));

  let secret: string;

  async function setUp() {
    secret = await createToken(ctx, cookie);
    dav = davClient(ctx, 'ada@example.com', secret);
    inbox = `/dav/calendars/${await userIdOf(ctx, cookie)}/inbox/`;
  }

  it('refuses entity bombs, external entities, malformed and oversized bodies with 4xx', async () => {
    await setUp();
    for (const [what, body, status] of [
      ['an entity bomb', LAUGHS, 400],
      ['an external entity', EXTERNAL, 400],
      ['malformed XML', '<d:propfind xmlns:d="DAV:"><d:prop>', 400],
      ['an undeclared prefix', '<d:propfind/>', 400],
      ['not XML', '{"prop": "displayname"}', 400],
      ['the wrong root', '<d:prop xmlns:d="DAV:"/>', 400],
      [
        'an oversized body',
        `<d:propfind xmlns:d="DAV:">${' '.repeat(DAV_BODY_LIMIT_BYTES)}</d:propfind>`,
        413,
      ],
    ] as const) {
      const response = await dav('PROPFIND', inbox, body, { depth: '0' });
      expect(response.statusCode, what).toBe(status);
      expect(response.body, what).not.toContain('lollol');
      expect(response.body, what).not.toContain('root:');
    }
    const report = await dav('REPORT', inbox, LAUGHS, { depth: '1' });
    expect(report.statusCode).toBe(400);
    const noType = await ctx.app.inject({
      method: 'PROPFIND',
      url: inbox,
      payload: '<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>',
      headers: {
        authorization: basicAuth('ada@example.com', secret),
        depth: '0',
      },
    });
    expect(noType.statusCode).toBe(207);
    expect((await dav('PROPFIND', inbox, undefined, { depth: 'infinity' })).statusCode).toBe(403);
    expect((await dav('PROPFIND', inbox, undefined, { depth: 'two' })).statusCode).toBe(400);
  });

  it('never answers a 5xx to fuzzed PROPFIND and REPORT bodies and paths (fixed seed)', async () => {
    await setUp();
    const todo = await send('POST', '/api/todos', {
      title: 'Fuzzed <&> "todo"',
      dueDate: '2026-11-23',
    });
    const todoId = todo.json<{ id: string }>().id;
    const fragments = [
      '<d:prop><d:getetag/><c:calendar-data/></d:prop>',
      '<d:allprop/>',
      '<d:propname/>',
      `<d:href>${inbox}${todoId}.ics</d:href>`,
      '<d:href>http://[::1</d:href>',
      '<d:href>%zz</d:href>',
      '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>',
      '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="x"/></c:comp-filter></c:comp-filter></c:filter>',
      '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:prop-filter name="DUE"><c:time-range end="20261124T000000Z"/></c:prop-filter></c:comp-filter></c:comp-filter></c:filter>',
      '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VALARM"><c:time-range start="20261124T000000Z"/></c:comp-filter></c:comp-filter></c:filter>',
      '<c:text-match collation="i;nope">a</c:text-match>',
      '<![CDATA[ ]]>',
      '&amp;',
      '&bogus;',
      '<',
      '<!-- note -->',
      '\u0000',
    ];
    const roots = [
      'd:propfind',
      'c:calendar-query',
      'c:calendar-multiget',
      'd:sync-collection',
      'x',
    ];
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .tuple(fc.constantFrom(...roots), fc.array(fc.constantFrom(...fragments), { maxLength: 6 }))
        .map(
          ([root, parts]) =>
            `<${root} xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${parts.join('')}</${root}>`,
        ),
    );
    const path = fc.oneof(
      fc.constantFrom(inbox, `${inbox}${todoId}.ics`, '/dav/', '/dav', `${inbox}..ics`),
      fc.stringMatching(/^\/dav\/[a-z0-9./_-]{0,40}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PROPFIND', 'REPORT', 'GET'),
        path,
        body,
        fc.constantFrom('0', '1', 'infinity', ''),
        async (method, url, payload, depth) => {
          const response = await dav(method, url, method === 'GET' ? undefined : payload, {
            depth,
          });
          expect(response.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
          if (response.statusCode === 207) {
            expect(() => parseXml(response.body)).not.toThrow();
          }
        },
      ),
      { seed: SEED, numRuns: 150, endOnFailure: true },
    );
  });
});
