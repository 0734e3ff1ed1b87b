import { z } from 'zod';

import { CHANNEL_LIMITS } from '../constants';

/**
 * The user's own notification channels for reminders (issue 35, ADR 0037): an ntfy topic, a
 * Gotify application, or a webhook of theirs. Secrets (ntfy and Gotify tokens, the webhook's
 * signing secret) are written, never read back: answers say only whether one is set.
 */
export const CHANNEL_KINDS = ['ntfy', 'gotify', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const name = z
  .string()
  .trim()
  .min(1, 'Please give the channel a name')
  .max(CHANNEL_LIMITS.nameMax, `Please use at most ${CHANNEL_LIMITS.nameMax} characters`);

/**
 * An http(s) address without a user or password in it (a token goes in its own field), and
 * without a fragment. Whether its host is one the server may reach is the server's check.
 */
const url = z
  .url({ protocol: /^https?$/, error: 'Please enter an http:// or https:// address' })
  .max(CHANNEL_LIMITS.urlMax, `Please use at most ${CHANNEL_LIMITS.urlMax} characters`)
  .refine((value) => {
    const parsed = new URL(value);
    return parsed.username === '' && parsed.password === '' && parsed.hash === '';
  }, 'Please leave the user, password and # part out of the address');

/** The address rule of every URL the server sends to for a user (event webhooks too, ADR 0040). */
export const outboundUrlSchema = url;

/** ntfy's own rule for topic names. */
const topic = z
  .string()
  .trim()
  .regex(/^[-_A-Za-z0-9]{1,64}$/, 'A topic is 1 to 64 letters, digits, - or _');

const token = z
  .string()
  .trim()
  .min(1, 'Please enter the token')
  .max(CHANNEL_LIMITS.tokenMax, `Please use at most ${CHANNEL_LIMITS.tokenMax} characters`)
  .regex(/^[\x21-\x7e]+$/, 'A token has no spaces or special characters');

export const channelCreateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ntfy'), name, url, topic, token: token.optional() }),
  z.object({ kind: z.literal('gotify'), name, url, token }),
  z.object({ kind: z.literal('webhook'), name, url }),
]);
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

/**
 * A change to a channel; its kind stays. `token` replaces the token (null removes an ntfy
 * channel's), and a webhook's `rotateSecret` makes a new signing secret, answered once.
 */
export const channelUpdateSchema = z
  .object({
    name: name.optional(),
    url: url.optional(),
    topic: topic.optional(),
    token: token.nullable().optional(),
    rotateSecret: z.literal(true).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, 'Please change something');
export type ChannelUpdate = z.infer<typeof channelUpdateSchema>;

export const channelStatusSchema = z
  .object({
    ok: z.boolean(),
    /** The receiver's HTTP status, or null when none answered (refused, unreachable, timeout). */
    status: z.number().int().nullable(),
    /** What happened, in words a user can act on. */
    message: z.string(),
    at: z.string(),
  })
  .meta({ id: 'ChannelStatus' });
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

export const channelSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    name: z.string(),
    url: z.string(),
    /** ntfy's topic; null for the other kinds. */
    topic: z.string().nullable(),
    /** Whether a token (ntfy, Gotify) or signing secret (webhook) is set; never its value. */
    secretSet: z.boolean(),
    /** The last reminder or test sent to it; null until one was. */
    lastDelivery: channelStatusSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'NotificationChannel' });
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.object({ channels: z.array(channelSchema) });

/** A channel as created or changed; a webhook's signing secret is here once, when made. */
export const savedChannelSchema = z
  .object({
    channel: channelSchema,
    /** `whsec_` and 43 base64url characters; null unless this write made it. */
    signingSecret: z.string().nullable(),
  })
  .meta({ id: 'SavedNotificationChannel' });
export type SavedChannel = z.infer<typeof savedChannelSchema>;
