import { z } from 'zod';

import { CHANNEL_LIMITS } from '../constants';
import { channelStatusSchema, outboundUrlSchema } from './notification-channels';

/**
 * Webhooks for the user's own events (issue 35, ADR 0040): each names the events it is sent,
 * signed as the reminder webhook is (docs/webhooks.md). Its signing secret is answered once.
 */
export const WEBHOOK_EVENTS = [
  'todo.created',
  'todo.completed',
  'todo.deleted',
  'plan.task.done',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event is called in Settings. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'todo.created': 'A todo is created',
  'todo.completed': 'A todo is completed',
  'todo.deleted': 'A todo is deleted',
  'plan.task.done': 'A daily plan task is done',
};

const name = z
  .string()
  .trim()
  .min(1, 'Please give the webhook a name')
  .max(CHANNEL_LIMITS.nameMax, `Please use at most ${CHANNEL_LIMITS.nameMax} characters`);

export const eventWebhookCreateSchema = z.object({
  name,
  url: outboundUrlSchema,
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Please choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'Please name each event once'),
});
export type EventWebhookCreate = z.infer<typeof eventWebhookCreateSchema>;

export const eventWebhookSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.string(),
  })
  .meta({ id: 'EventWebhook' });
export type EventWebhook = z.infer<typeof eventWebhookSchema>;

export const eventWebhookListSchema = z.object({ webhooks: z.array(eventWebhookSchema) });

/** A webhook as created: its signing secret (`whsec_…`) is here, and never again. */
export const savedEventWebhookSchema = z
  .object({ webhook: eventWebhookSchema, signingSecret: z.string() })
  .meta({ id: 'SavedEventWebhook' });
export type SavedEventWebhook = z.infer<typeof savedEventWebhookSchema>;

/** One request sent to a webhook, or the last try of an event that was given up. */
export const webhookAttemptSchema = z
  .object({
    id: z.string(),
    /** The event's delivery id, the same on every try (the body's `id`). */
    deliveryId: z.string(),
    event: z.enum([...WEBHOOK_EVENTS, 'test']),
    /** 1 for the first try. */
    attempt: z.number().int(),
    ok: z.boolean(),
    /** The receiver's HTTP status, or null when none answered. */
    status: z.number().int().nullable(),
    /** What happened, in words; says so when this was the last try. */
    message: z.string(),
    /** True when this try failed and no other will follow. */
    gaveUp: z.boolean(),
    at: z.string(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** The webhook's last tries, newest first. */
export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });

/** What a test send answers: as a notification channel's test. */
export const webhookTestSchema = channelStatusSchema;
