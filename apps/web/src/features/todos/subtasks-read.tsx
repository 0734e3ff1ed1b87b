import { SECTION_MESSAGES } from '@daywise/shared/section-messages';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

import { errorPanelClass, LoadError } from '../../components/load-error';
import type { useSubtasks } from './use-subtasks';

/**
 * What a todo's subtasks show until there are some to list (ADR 0027, web), alike under a row
 * and in the edit dialog: a spinner while the first read is on its way (or waits for the
 * network), the failure with Try Again, or that there are none; else `children`, the list. A read
 * not asked for (a dialog's todo without subtasks) has none.
 */
export function SubtasksRead({
  read: { query, subtasks },
  children,
}: {
  read: ReturnType<typeof useSubtasks>;
  children: ReactNode;
}) {
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-300">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading subtasks...
      </p>
    );
  }
  if (query.isError && subtasks.length === 0) {
    return (
      <LoadError
        message={SECTION_MESSAGES.subtasksLoadFailed}
        onRetry={() => void query.refetch()}
        className={errorPanelClass}
      />
    );
  }
  if (subtasks.length === 0) {
    return (
      <p className="text-sm text-gray-600 dark:text-gray-300">{SECTION_MESSAGES.noSubtasks}</p>
    );
  }
  return children;
}
