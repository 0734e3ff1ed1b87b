import { createHmac, randomUUID } from 'node:crypto';

import type { ChannelStatus } from '@daywise/shared/schemas';
import type { Selectable } from 'kysely';

import type { NotificationChannelTable } from '../db/schema';
import { type Outbound, OutboundRefusedError } from '../lib/outbound';

/**
 * Test notifications a user may send, per kind (channels, event webhooks): enough to set one up,
 * too few to aim at a host.
 */
export const CHANNEL_TEST_LIMIT = { max: 10, windowMs: 60_000 } as const;

/** The header a webhook's signature travels in (docs/webhooks.md). */
export const SIGNATURE_HEADER = 'Daywise-Signature';

/** What one notification says, whatever the channel: a reminder, or a test. */
export interface ChannelMessage {
  event: 'reminder' | 'test';
  title: string;
  body: string;
  /** The page it opens, absolute. */
  link: string;
  /** When it was due (ISO 8601); null for a test. */
  due: string | null;
  item: { kind: string; id: string } | null;
}

export type ChannelRow = Selectable<NotificationChannelTable>;

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the channel's signing secret, as
 * Stripe signs its webhooks: the receiver recomputes it and refuses an old `t` (a replay).
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * A header value as ntfy reads it: plain when it is printable ASCII, otherwise RFC 2047's
 * encoded word (node refuses other bytes in headers, and ntfy decodes this form).
 */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text)
    ? text
    : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** `url` without the slashes it ends with (a loop: /\/+$/ is quadratic on many slashes). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') {
    end -= 1;
  }
  return url.slice(0, end);
}

/** The request each kind of channel is sent: ntfy's and Gotify's APIs, or our signed JSON. */
function requestFor(channel: ChannelRow, message: ChannelMessage, now: Date): ChannelRequest {
  const base = withoutTrailingSlashes(channel.url);
  if (channel.kind === 'ntfy') {
    return {
      url: `${base}/${channel.topic ?? ''}`,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        title: headerText(message.title),
        tags: message.event === 'test' ? 'white_check_mark' : 'alarm_clock',
        priority: message.event === 'test' ? '3' : '4',
        click: message.link,
        ...(channel.secret ? { authorization: `Bearer ${channel.secret}` } : {}),
      },
      body: message.body,
    };
  }
  if (channel.kind === 'gotify') {
    return {
      url: `${base}/message`,
      // The token in a header, not the query, so that no log of an address carries it.
      headers: { 'content-type': 'application/json', 'x-gotify-key': channel.secret ?? '' },
      body: JSON.stringify({
        title: message.title,
        message: message.body,
        priority: message.event === 'test' ? 4 : 6,
        extras: { 'client::notification': { click: { url: message.link } } },
      }),
    };
  }
  const body = JSON.stringify({
    id: randomUUID(),
    event: message.event,
    title: message.title,
    body: message.body,
    due: message.due,
    item: message.item,
    url: message.link,
    sentAt: now.toISOString(),
  });
  return signedRequest(channel.url, channel.secret ?? '', body, now);
}

/** An outbound request: where, with which headers, what body. */
export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A webhook's request: the JSON `body` signed with `secret` in Daywise-Signature (docs/webhooks.md). */
export function signedRequest(
  url: string,
  secret: string,
  body: string,
  now: Date,
): ChannelRequest {
  return {
    url,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Daywise-Webhook/1',
      [SIGNATURE_HEADER.toLowerCase()]: webhookSignature(secret, body, now),
    },
    body,
  };
}

/**
 * Sends one notification to a channel through the outbound guard and answers what became of it,
 * in words for Settings; never throws for the receiver's sake (refused address, no answer, an
 * error status), and never puts the channel's secret in what it answers.
 */
export function sendToChannel(
  outbound: Outbound,
  channel: ChannelRow,
  message: ChannelMessage,
  now: Date,
): Promise<ChannelStatus> {
  return sendRequest(outbound, requestFor(channel, message, now), now);
}

/**
 * POSTs `request` through the outbound guard and answers what became of it, in words for
 * Settings; never throws for the receiver's sake (refused address, no answer, an error status).
 */
export async function sendRequest(
  outbound: Outbound,
  request: ChannelRequest,
  now: Date,
): Promise<ChannelStatus> {
  const at = now.toISOString();
  try {
    const response = await outbound(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: response.status,
      message: ok
        ? `Delivered (HTTP ${response.status})`
        : response.status >= 300 && response.status < 400
          ? `Refused: the receiver answered with a redirect (HTTP ${response.status}), which Daywise does not follow`
          : `Refused: the receiver answered HTTP ${response.status}`,
      at,
    };
  } catch (error) {
    return { ok: false, status: null, message: failureText(error), at };
  }
}

function failureText(error: unknown): string {
  if (error instanceof OutboundRefusedError) {
    return 'Not sent: the address is not on the public internet';
  }
  const text = error instanceof Error ? error.message : '';
  if (text.startsWith('no answer within') || text.startsWith('no full answer within')) {
    return 'Not delivered: the receiver did not answer within 5 seconds';
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'Not delivered: the address could not be found';
  }
  if (code === 'ECONNREFUSED') {
    return 'Not delivered: the receiver refused the connection';
  }
  return 'Not delivered: the receiver could not be reached';
}
