import { CHANNEL_LIMITS } from '@daywise/shared';
import type { Channel, ChannelCreate, ChannelKind, ChannelUpdate } from '@daywise/shared/schemas';
import { type FormEvent, useState } from 'react';

import { Button } from '../../components/button';
import { Field, inputClass, selectClass } from '../../components/form-field';
import { ApiClientError } from '../../lib/api-client';

export const KIND_LABELS: Record<ChannelKind, string> = {
  ntfy: 'ntfy',
  gotify: 'Gotify',
  webhook: 'Webhook',
};

const URL_HINTS: Record<ChannelKind, string> = {
  ntfy: 'Your ntfy server, such as https://ntfy.sh',
  gotify: 'Your Gotify server, such as https://gotify.example.com',
  webhook: 'Where Daywise posts each reminder, signed (see Webhooks in the docs)',
};

type Errors = Partial<Record<'name' | 'url' | 'topic' | 'token' | 'form', string>>;

/** The server's field messages, or its message for the whole form. */
export function errorsOf(error: unknown): Errors {
  if (error instanceof ApiClientError) {
    const fields = error.fields as Errors;
    return Object.keys(fields).length > 0 ? fields : { form: error.message };
  }
  return { form: 'Something went wrong. Please try again.' };
}

/**
 * Adds a channel (no `channel`) or changes one: its kind's fields. The token is write-only: left
 * blank on a change, the one set stays.
 */
export function ChannelForm({
  channel,
  pending,
  errors,
  onSubmit,
  onCancel,
}: {
  channel?: Channel;
  pending: boolean;
  errors: Errors;
  onSubmit: (input: ChannelCreate | ChannelUpdate) => void;
  onCancel?: () => void;
}) {
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'ntfy');
  const [name, setName] = useState(channel?.name ?? '');
  const [url, setUrl] = useState(channel?.url ?? '');
  const [topic, setTopic] = useState(channel?.topic ?? '');
  const [token, setToken] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { name: name.trim(), url: url.trim() };
    const tokenPart = token.trim() === '' ? {} : { token: token.trim() };
    const topicPart = kind === 'ntfy' ? { topic: topic.trim() } : {};
    if (channel) {
      onSubmit({ ...common, ...topicPart, ...(kind === 'webhook' ? {} : tokenPart) });
    } else if (kind === 'webhook') {
      onSubmit({ kind, ...common });
    } else if (kind === 'gotify') {
      onSubmit({ kind, ...common, token: token.trim() });
    } else {
      onSubmit({ kind, ...common, topic: topic.trim(), ...tokenPart });
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={channel ? `Edit ${channel.name}` : 'Add a notification channel'}
      className="grid gap-3 sm:grid-cols-2"
    >
      {!channel && (
        <Field label="Kind">
          {(field) => (
            <select
              {...field}
              value={kind}
              onChange={(event) => setKind(event.target.value as ChannelKind)}
              className={selectClass}
            >
              {(Object.keys(KIND_LABELS) as ChannelKind[]).map((value) => (
                <option key={value} value={value}>
                  {KIND_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
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
        label={kind === 'webhook' ? 'URL' : 'Server URL'}
        error={errors.url}
        hint={URL_HINTS[kind]}
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
      {kind === 'ntfy' && (
        <Field label="Topic" error={errors.topic}>
          {(field) => (
            <input
              {...field}
              value={topic}
              maxLength={64}
              onChange={(event) => setTopic(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      )}
      {kind !== 'webhook' && (
        <Field
          label={kind === 'gotify' ? 'Application token' : 'Access token (optional)'}
          error={errors.token}
          hint={channel?.secretSet ? 'A token is set; leave blank to keep it.' : undefined}
        >
          {(field) => (
            <input
              {...field}
              type="password"
              autoComplete="off"
              value={token}
              maxLength={CHANNEL_LIMITS.tokenMax}
              onChange={(event) => setToken(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : channel ? 'Save' : 'Add channel'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
