import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';

import { clark, NS, parseXml, type XmlElement } from '../src/dav/xml';
import type { TestApp } from './helpers';
import { sendAs } from './signed-in';

/** A CalDAV client's request: Basic credentials, an XML body, no cookie and no Origin. */
export type DavRequest = (
  method: string,
  url: string,
  body?: string,
  headers?: Record<string, string>,
) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;

export const basicAuth = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export function davClient(ctx: TestApp, email: string, password: string): DavRequest {
  return (method, url, body, headers = {}) =>
    ctx.app.inject({
      method: method as InjectOptions['method'],
      url,
      ...(body === undefined ? {} : { payload: body }),
      headers: {
        authorization: basicAuth(email, password),
        ...(body === undefined ? {} : { 'content-type': 'application/xml; charset=utf-8' }),
        ...headers,
      },
    });
}

/** Creates an API token of `scope` in Settings (the user's `cookie`) and answers its secret. */
export async function createToken(
  ctx: TestApp,
  cookie: string,
  scope: 'caldav' | 'read' | 'read-write' = 'caldav',
): Promise<string> {
  const response = await sendAs(ctx, cookie, 'POST', '/api/tokens', { name: 'Phone', scope });
  expect(response.statusCode).toBe(201);
  return response.json<{ secret: string }>().secret;
}

/** The signed-in user's id. */
export async function userIdOf(ctx: TestApp, cookie: string): Promise<string> {
  const response = await ctx.app.inject({ url: '/api/account/session', headers: { cookie } });
  return response.json<{ user: { id: string } }>().user.id;
}

/** A PROPFIND body asking for `props` (`prefix:name`, prefixes d, c, cs, ical). */
export function propfindBody(...props: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">
  <d:prop>${props.map((prop) => `<${prop}/>`).join('')}</d:prop>
</d:propfind>`;
}

export interface DavResponse {
  href: string;
  /** `{ns}name` → the property's element, for each property found (200). */
  found: Map<string, XmlElement>;
  /** `{ns}name` of each property answered 404. */
  missing: string[];
  status?: string;
}

/** A 207 answer's responses, read as a client reads them (namespaces resolved). */
export function multistatus(xml: string): DavResponse[] {
  const root = parseXml(xml);
  expect(root.ns).toBe(NS.dav);
  expect(root.name).toBe('multistatus');
  return root.children.map((response) => {
    const found = new Map<string, XmlElement>();
    const missing: string[] = [];
    for (const propstat of response.children.filter((each) => each.name === 'propstat')) {
      const status = propstat.children.find((each) => each.name === 'status')?.text ?? '';
      const props = propstat.children.find((each) => each.name === 'prop')?.children ?? [];
      for (const prop of props) {
        if (status.includes(' 200 ')) {
          found.set(clark(prop.ns, prop.name), prop);
        } else {
          missing.push(clark(prop.ns, prop.name));
        }
      }
    }
    const status = response.children.find((each) => each.name === 'status')?.text;
    return {
      href: response.children.find((each) => each.name === 'href')?.text ?? '',
      found,
      missing,
      ...(status ? { status } : {}),
    };
  });
}

/** The text of the first href inside a property. */
export const hrefIn = (prop: XmlElement | undefined) =>
  prop?.children.find((each) => each.name === 'href')?.text;
