import { MESSAGES } from '@daywise/shared';
import { FILTER_MESSAGES } from '@daywise/shared/filter-messages';
import type { SavedFilter } from '@daywise/shared/schemas';
import { Copy, Loader2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/button';
import { inputClass } from '../../components/form-field';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { Modal } from '../../components/modal';
import { useDialogLinkClick } from '../../components/use-close-on-back';
import { notify } from '../../lib/toast';
import { useFilterFeed } from './use-filter-writes';

/**
 * A saved filter's calendar feed (ADR 0028): its own private address while the account's feed is
 * on, to copy into a calendar app; while the feed is off, the way to Settings to turn it on.
 */
export function FeedDialog({ filter, onClose }: { filter: SavedFilter; onClose: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const feed = useFilterFeed(filter.id);
  const followLink = useDialogLinkClick(onClose);
  const url = feed.data?.url ?? null;
  const copy = async () => {
    if (url === null) {
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success(MESSAGES.copied);
    } catch {
      input.current?.select();
      notify.error(MESSAGES.copyFailed);
    }
  };

  return (
    <Modal
      title="Calendar feed"
      description={`Subscribe to “${filter.name}” in your calendar app: its todos with a due date show as all-day events.`}
      showDescription
      onClose={onClose}
    >
      <div className="mt-5 space-y-3">
        {feed.isPending ? (
          <p
            role="status"
            className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300"
          >
            <Loader2 aria-hidden className="size-4 animate-spin" />
            Loading...
          </p>
        ) : feed.isError ? (
          <div role="alert">
            <LoadError
              message={FILTER_MESSAGES.feedLoadFailed}
              onRetry={() => void feed.refetch()}
              className={errorPanelClass}
            />
          </div>
        ) : url === null ? (
          <p className="text-sm">
            {FILTER_MESSAGES.feedOff}{' '}
            <Link
              to="/dashboard/settings"
              onClick={(event) => followLink(event, '/dashboard/settings')}
              className="font-medium text-blue-700 underline dark:text-blue-300"
            >
              Open Settings
            </Link>
          </p>
        ) : (
          <div className="space-y-1.5">
            <label htmlFor={id} className="block text-sm font-medium">
              Feed address
            </label>
            <div className="flex gap-2">
              <input
                ref={input}
                id={id}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className={`${inputClass} font-mono text-sm`}
              />
              <Button variant="secondary" size="sm" onClick={() => void copy()}>
                <Copy aria-hidden className="size-4" />
                Copy
              </Button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
