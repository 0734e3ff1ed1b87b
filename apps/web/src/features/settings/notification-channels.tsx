import type { Channel, ChannelStatus } from '@daywise/shared/schemas';
import { BellRing, Loader2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { formatDateTimeIn } from '../../lib/format';
import { notify } from '../../lib/toast';
import { ChannelForm, errorsOf, KIND_LABELS } from './channel-form';
import { CopyField } from './copy-field';
import {
  useAddChannel,
  useChannels,
  useEditChannel,
  useRemoveChannel,
  useTestChannel,
} from './use-channels';

/**
 * Notification channels (issue 35): reminders to the user's own ntfy topic, Gotify server or
 * webhook, besides email and push. Loaded with its own chunk when Settings draws it.
 */
export default function NotificationChannels({ timeZone }: { timeZone: string }) {
  const query = useChannels();
  const add = useAddChannel();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [removing, setRemoving] = useState<Channel | null>(null);
  // A new form (empty fields) after each channel added; a refused one keeps what was typed.
  const [added, setAdded] = useState(0);
  const remove = useRemoveChannel('Failed to remove the channel');

  return (
    <div className="space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Send your reminders to ntfy, Gotify or a webhook of your own as well. A webhook&apos;s
        requests carry a <code>Daywise-Signature</code> header signed with its secret.
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
      <ChannelForm
        key={added}
        pending={add.isPending}
        errors={add.error ? errorsOf(add.error) : {}}
        onSubmit={(input) =>
          add.mutate(input as Parameters<typeof add.mutate>[0], {
            onSuccess: ({ channel, signingSecret }) => {
              notify.success(`Channel "${channel.name}" added`);
              if (signingSecret) {
                setSecret({ name: channel.name, value: signingSecret });
              }
              add.reset();
              setAdded((count) => count + 1);
            },
          })
        }
      />
      <ChannelList query={query} timeZone={timeZone} onSecret={setSecret} onRemove={setRemoving} />
      {removing && (
        <ConfirmDialog
          title="Remove notification channel?"
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notify.success(`Channel "${removing.name}" removed`);
                setRemoving(null);
              },
            })
          }
          onClose={() => setRemoving(null)}
        >
          Reminders will no longer be sent to &ldquo;{removing.name}&rdquo;.
        </ConfirmDialog>
      )}
    </div>
  );
}

function ChannelList({
  query,
  timeZone,
  onSecret,
  onRemove,
}: {
  query: ReturnType<typeof useChannels>;
  timeZone: string;
  onSecret: (secret: { name: string; value: string }) => void;
  onRemove: (channel: Channel) => void;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading notification channels...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message="Failed to load your notification channels"
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const { channels } = query.data;
  if (channels.length === 0) {
    return (
      <p className="text-sm text-gray-600 dark:text-gray-300">No notification channels yet.</p>
    );
  }
  return (
    <ul aria-label="Notification channels" className="space-y-4">
      {channels.map((channel) => (
        <ChannelItem
          key={channel.id}
          channel={channel}
          timeZone={timeZone}
          onSecret={onSecret}
          onRemove={onRemove}
        />
      ))}
    </ul>
  );
}

function statusText(status: ChannelStatus | null, timeZone: string): string {
  return status
    ? `${status.message} · ${formatDateTimeIn(status.at, timeZone)}`
    : 'Nothing sent yet';
}

function ChannelItem({
  channel,
  timeZone,
  onSecret,
  onRemove,
}: {
  channel: Channel;
  timeZone: string;
  onSecret: (secret: { name: string; value: string }) => void;
  onRemove: (channel: Channel) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [tested, setTested] = useState<ChannelStatus | null>(null);
  const test = useTestChannel('Failed to send the test');
  const edit = useEditChannel();
  const last = channel.lastDelivery;

  return (
    <li aria-label={channel.name} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <BellRing aria-hidden className="size-5 shrink-0 text-gray-500" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">
              {channel.name}
              <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
                {KIND_LABELS[channel.kind]}
              </span>
            </p>
            <p className="truncate text-xs text-gray-600 dark:text-gray-300">
              {channel.url}
              {channel.topic ? ` · topic ${channel.topic}` : ''}
            </p>
            <p
              className={`text-xs ${last && !last.ok ? 'text-red-700 dark:text-red-300' : 'text-gray-600 dark:text-gray-300'}`}
            >
              Last delivery: {statusText(last, timeZone)}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            size="xs"
            disabled={test.isPending}
            onClick={() => test.mutate(channel.id, { onSuccess: setTested })}
          >
            {test.isPending ? 'Sending...' : 'Send a test'}
          </Button>
          <Button
            variant="secondary"
            size="xs"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            size="xs"
            aria-label={`Remove ${channel.name}`}
            onClick={() => onRemove(channel)}
          >
            Remove
          </Button>
        </div>
      </div>
      <p role="status" className="text-sm">
        {tested && (tested.ok ? `Test sent: ${tested.message}` : `Test failed: ${tested.message}`)}
      </p>
      {editing && (
        <div className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-700">
          <ChannelForm
            channel={channel}
            pending={edit.isPending}
            errors={edit.error ? errorsOf(edit.error) : {}}
            onCancel={() => setEditing(false)}
            onSubmit={(update) =>
              edit.mutate(
                { id: channel.id, update },
                {
                  onSuccess: () => {
                    notify.success(`Channel "${channel.name}" saved`);
                    setEditing(false);
                  },
                },
              )
            }
          />
          {channel.kind === 'webhook' && (
            <Button
              variant="secondary"
              size="xs"
              disabled={edit.isPending}
              onClick={() =>
                edit.mutate(
                  { id: channel.id, update: { rotateSecret: true } },
                  {
                    onSuccess: ({ signingSecret }) => {
                      setEditing(false);
                      if (signingSecret) {
                        onSecret({ name: channel.name, value: signingSecret });
                      }
                    },
                  },
                )
              }
            >
              New signing secret
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
