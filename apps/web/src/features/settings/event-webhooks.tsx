import type { ChannelStatus, EventWebhook, WebhookAttempt } from '@daywise/shared/schemas';
import { WEBHOOK_EVENT_LABELS } from '@daywise/shared/schemas';
import { Loader2, Zap } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatDateTimeIn } from '../../lib/format';
import { notify } from '../../lib/toast';
import { CopyField } from './copy-field';
import { EventWebhookForm } from './event-webhook-form';
import {
  useAddEventWebhook,
  useEventWebhooks,
  useRemoveEventWebhook,
  useTestEventWebhook,
  useWebhookAttempts,
} from './use-event-webhooks';

/**
 * Event webhooks (issue 35, ADR 0040): the user's own events (todos created, completed,
 * deleted; plan tasks done) posted, signed, to their URLs, with each delivery's log. Loaded with
 * its own chunk when Settings draws it.
 */
export default function EventWebhooks({ timeZone }: { timeZone: string }) {
  const query = useEventWebhooks();
  const add = useAddEventWebhook();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [removing, setRemoving] = useState<EventWebhook | null>(null);
  // A new form (empty fields) after each webhook added; a refused one keeps what was typed.
  const [added, setAdded] = useState(0);
  const remove = useRemoveEventWebhook('Failed to remove the webhook');

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Tell your own services (Home Assistant, n8n, a script) when you create, complete or delete a
        todo, or finish a daily plan task. Each request carries a <code>Daywise-Signature</code>{' '}
        header signed with the webhook&apos;s secret; a failed one is tried again, later and later,
        up to six times.
      </p>
      {secret && (
        <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
          <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-100">
            Copy this signing secret now: it will not be shown again.
          </p>
          <CopyField label={`Signing secret of "${secret.name}"`} value={secret.value} />
          <Button variant="secondary" size="sm" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      )}
      <EventWebhookForm
        key={added}
        pending={add.isPending}
        error={add.error}
        onSubmit={(input) =>
          add.mutate(input, {
            onSuccess: ({ webhook, signingSecret }) => {
              notify.success(`Webhook "${webhook.name}" added`);
              setSecret({ name: webhook.name, value: signingSecret });
              add.reset();
              setAdded((count) => count + 1);
            },
          })
        }
      />
      <WebhookList query={query} timeZone={timeZone} onRemove={setRemoving} />
      {removing && (
        <ConfirmDialog
          title="Remove event webhook?"
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notify.success(`Webhook "${removing.name}" removed`);
                setRemoving(null);
              },
            })
          }
          onClose={() => setRemoving(null)}
        >
          No more events will be sent to &ldquo;{removing.name}&rdquo;, and its delivery log goes
          with it.
        </ConfirmDialog>
      )}
    </div>
  );
}

function WebhookList({
  query,
  timeZone,
  onRemove,
}: {
  query: ReturnType<typeof useEventWebhooks>;
  timeZone: string;
  onRemove: (webhook: EventWebhook) => void;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading event webhooks...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message="Failed to load your event webhooks"
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const { webhooks } = query.data;
  if (webhooks.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">No event webhooks yet.</p>;
  }
  return (
    <ul aria-label="Event webhooks" className="space-y-4">
      {webhooks.map((webhook) => (
        <WebhookItem key={webhook.id} webhook={webhook} timeZone={timeZone} onRemove={onRemove} />
      ))}
    </ul>
  );
}

function WebhookItem({
  webhook,
  timeZone,
  onRemove,
}: {
  webhook: EventWebhook;
  timeZone: string;
  onRemove: (webhook: EventWebhook) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const [tested, setTested] = useState<ChannelStatus | null>(null);
  const test = useTestEventWebhook('Failed to send the test');

  return (
    <li aria-label={webhook.name} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Zap aria-hidden className="size-5 shrink-0 text-gray-500" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{webhook.name}</p>
            <p className="truncate text-xs text-gray-600 dark:text-gray-300">{webhook.url}</p>
            <p className="text-xs text-gray-600 dark:text-gray-300">
              {webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(' · ')}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            size="xs"
            disabled={test.isPending}
            onClick={() => test.mutate(webhook.id, { onSuccess: setTested })}
          >
            {test.isPending ? 'Sending...' : 'Send a test'}
          </Button>
          <Button
            variant="secondary"
            size="xs"
            aria-expanded={showLog}
            onClick={() => setShowLog(!showLog)}
          >
            Deliveries
          </Button>
          <Button
            variant="secondary"
            size="xs"
            aria-label={`Remove ${webhook.name}`}
            onClick={() => onRemove(webhook)}
          >
            Remove
          </Button>
        </div>
      </div>
      <p role="status" className="text-sm">
        {tested && (tested.ok ? `Test sent: ${tested.message}` : `Test failed: ${tested.message}`)}
      </p>
      {showLog && <DeliveryLog webhook={webhook} timeZone={timeZone} />}
    </li>
  );
}

function attemptEvent(attempt: WebhookAttempt): string {
  return attempt.event === 'test' ? 'Test' : WEBHOOK_EVENT_LABELS[attempt.event];
}

/** The webhook's last delivery attempts, newest first. */
function DeliveryLog({ webhook, timeZone }: { webhook: EventWebhook; timeZone: string }) {
  const query = useWebhookAttempts(webhook.id);
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
        Loading deliveries...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message="Failed to load the deliveries"
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const { attempts } = query.data;
  if (attempts.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">Nothing sent yet.</p>;
  }
  return (
    <ol
      aria-label={`Deliveries to ${webhook.name}`}
      className="space-y-1 rounded-lg border border-gray-200 p-3 text-xs dark:border-gray-700"
    >
      {attempts.map((attempt) => (
        <li
          key={attempt.id}
          className={
            attempt.ok ? 'text-gray-700 dark:text-gray-200' : 'text-red-700 dark:text-red-300'
          }
        >
          <span className="font-medium">{attemptEvent(attempt)}</span>
          {` · ${attempt.message} · ${formatDateTimeIn(attempt.at, timeZone)}`}
          {attempt.attempt > 1 ? ` · try ${attempt.attempt}` : ''}
        </li>
      ))}
    </ol>
  );
}
