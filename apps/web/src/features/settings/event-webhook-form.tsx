import { CHANNEL_LIMITS } from '@daywise/shared';
import {
  type EventWebhookCreate,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@daywise/shared/schemas';
import { type FormEvent, useState } from 'react';

import { Button } from '../../components/button';
import { Field, inputClass } from '../../components/form-field';
import { errorsOf } from './channel-form';

type Errors = Partial<Record<'name' | 'url' | 'events' | 'form', string>>;

/** Adds an event webhook: its name, its URL, and the events it is sent. */
export function EventWebhookForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (input: EventWebhookCreate) => void;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const errors: Errors = error ? errorsOf(error) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), url: url.trim(), events });
  };
  const toggle = (value: WebhookEvent, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, value] : chosen.filter((item) => item !== value)));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add an event webhook"
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Name" error={errors.name}>
        {(field) => (
          <input
            {...field}
            value={name}
            maxLength={CHANNEL_LIMITS.nameMax}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="URL"
        error={errors.url}
        hint="Where Daywise posts each event, signed (see Webhooks in the docs)"
      >
        {(field) => (
          <input
            {...field}
            type="url"
            value={url}
            maxLength={CHANNEL_LIMITS.urlMax}
            onChange={(event) => setUrl(event.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <fieldset className="space-y-2 sm:col-span-2" aria-describedby="event-webhook-events-error">
        <legend className="text-sm font-medium">Send when</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(value)}
                onChange={(event) => toggle(value, event.target.checked)}
                className="size-4 rounded border-gray-300"
              />
              {WEBHOOK_EVENT_LABELS[value]}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="event-webhook-events-error" className="text-sm text-red-700 dark:text-red-300">
            {errors.events}
          </p>
        )}
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Add webhook'}
        </Button>
      </div>
    </form>
  );
}
