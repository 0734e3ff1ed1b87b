import { MESSAGES } from '@daywise/shared';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { notify } from '../../lib/toast';
import { CopyField } from './copy-field';
import { useCalendarFeed, useChangeCalendarFeed } from './use-integrations';

/**
 * Calendar feed: a private address that calendar apps subscribe to, showing todos with due dates
 * and plan tasks with times. It can be made anew (the old one stops) or turned off.
 */
export function CalendarFeedSettings() {
  const query = useCalendarFeed();
  const change = useChangeCalendarFeed(MESSAGES.calendarFeedChangeFailed);
  const [confirming, setConfirming] = useState<'rotate' | 'disable' | null>(null);

  const run = (what: 'rotate' | 'disable', success?: string) =>
    change.mutate(what, {
      onSuccess: () => {
        setConfirming(null);
        if (success) {
          notify.success(success);
        }
      },
    });

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading calendar feed...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert">
        <LoadError
          message={MESSAGES.calendarFeedLoadFailed}
          onRetry={() => void query.refetch()}
          className={errorPanelClass}
        />
      </div>
    );
  }
  const feed = query.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Subscribe to your todos with due dates and your plan tasks with times from your calendar
        app. Anyone who has this address can read them, so keep it private.
      </p>
      {feed.url === null ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">{MESSAGES.calendarFeedOff}</p>
          <Button size="sm" onClick={() => run('rotate')} disabled={change.isPending}>
            {change.isPending ? 'Turning on...' : 'Turn on calendar feed'}
          </Button>
        </div>
      ) : (
        <>
          <CopyField label="Feed address" value={feed.url} />
          <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
            <li>
              <strong>Google Calendar:</strong> Other calendars → + → From URL, paste the address.
            </li>
            <li>
              <strong>Apple Calendar:</strong> File → New Calendar Subscription, paste the address.
            </li>
            <li>
              <strong>Thunderbird:</strong> New Calendar → On the Network, paste the address as the
              location.
            </li>
          </ul>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming('rotate')}
              disabled={change.isPending}
            >
              New address
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming('disable')}
              disabled={change.isPending}
            >
              Turn off
            </Button>
          </div>
        </>
      )}
      {confirming === 'rotate' && (
        <ConfirmDialog
          title="Make a new feed address?"
          tone="warning"
          confirmLabel="Make new address"
          pendingLabel="Making..."
          pending={change.isPending}
          onConfirm={() => run('rotate', MESSAGES.calendarFeedRotated)}
          onClose={() => setConfirming(null)}
        >
          {MESSAGES.rotateFeedText}
        </ConfirmDialog>
      )}
      {confirming === 'disable' && (
        <ConfirmDialog
          title="Turn off the calendar feed?"
          confirmLabel="Turn off"
          pendingLabel="Turning off..."
          pending={change.isPending}
          onConfirm={() => run('disable', MESSAGES.calendarFeedTurnedOff)}
          onClose={() => setConfirming(null)}
        >
          {MESSAGES.turnOffFeedText}
        </ConfirmDialog>
      )}
    </div>
  );
}
