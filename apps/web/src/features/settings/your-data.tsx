import { addDays, MESSAGES, REPORT_DEFAULT_DAYS, todayIn } from '@daywise/shared';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';

import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { errorPanelClass } from '../../components/load-error';
import { type ExportKind, progressText, useExport } from './use-export';

const inputClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-gray-700 dark:bg-gray-900 dark:text-white';

interface ExportRowProps {
  title: string;
  description: string;
  action: string;
  kind: ExportKind;
  busy: boolean;
  onExport: (kind: ExportKind) => void;
  children?: ReactNode;
  disabled?: boolean;
}

function ExportRow({
  title,
  description,
  action,
  kind,
  busy,
  onExport,
  children,
  disabled = false,
}: ExportRowProps) {
  const id = useId();
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h3 className="font-medium">{title}</h3>
          <p id={id} className="text-sm text-gray-600 dark:text-gray-300">
            {description}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={id}
          disabled={busy || disabled}
          onClick={() => onExport(kind)}
        >
          <Download aria-hidden className="size-4" />
          {action}
        </Button>
      </div>
      {children}
    </div>
  );
}

/**
 * Settings, Your data: the exports (docs/data-archive.md). Each streams in with its progress
 * shown here, then the browser saves the file; a failed one says so with Try Again. `importAction`
 * is where the import's button goes. The report's range starts as the last 30 days in the user's
 * time zone, which the Settings page passes in (it already holds the settings).
 */
export function YourDataSection({
  timezone,
  importAction,
}: {
  timezone: string;
  importAction?: ReactNode;
}) {
  const headingId = useId();
  const fromId = useId();
  const toId = useId();
  const rangeErrorId = useId();
  const [to, setTo] = useState(() => todayIn(timezone, new Date()));
  const [from, setFrom] = useState(() => addDays(to, -(REPORT_DEFAULT_DAYS - 1)));
  const { state, start, retry } = useExport();
  const busy = state.status === 'running';
  const rangeInvalid = !from || !to || from > to;

  const run = (kind: ExportKind) => start(kind, kind === 'report' ? { from, to } : undefined);

  return (
    <Card as="section" aria-labelledby={headingId} className="p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        Take a copy of everything you keep in Daywise.
      </p>
      <div className="mt-4 divide-y divide-gray-200 dark:divide-gray-800">
        <ExportRow
          title="Everything (JSON)"
          description="Profile, settings, todos, plans and tasks, tags and completions, with shared plans and chats marked shared. It can be imported again."
          action="Export JSON"
          kind="archive"
          busy={busy}
          onExport={run}
        />
        <ExportRow
          title="Todos (CSV)"
          description="One row per todo, for a spreadsheet."
          action="Export todos CSV"
          kind="todos"
          busy={busy}
          onExport={run}
        />
        <ExportRow
          title="Plan tasks (CSV)"
          description="One row per daily-plan task with its plan's date."
          action="Export plan tasks CSV"
          kind="planTasks"
          busy={busy}
          onExport={run}
        />
        <ExportRow
          title="Report (PDF)"
          description="Completed and open todos, plan completion chart, streaks and focus minutes for a range."
          action="Export PDF"
          kind="report"
          busy={busy}
          onExport={run}
          disabled={rangeInvalid}
        >
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={fromId} className="text-sm font-medium">
                From
              </label>
              <input
                id={fromId}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={rangeInvalid}
                aria-describedby={rangeInvalid ? rangeErrorId : undefined}
                className={inputClass}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={toId} className="text-sm font-medium">
                To
              </label>
              <input
                id={toId}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
                aria-invalid={rangeInvalid}
                aria-describedby={rangeInvalid ? rangeErrorId : undefined}
                className={inputClass}
              />
            </div>
          </div>
          {rangeInvalid && (
            <p id={rangeErrorId} className="mt-2 text-sm text-red-700 dark:text-red-300">
              {MESSAGES.exportRangeInvalid}
            </p>
          )}
        </ExportRow>
        {importAction && <div className="py-4 last:pb-0">{importAction}</div>}
      </div>

      <div role="status" aria-live="polite" className="mt-4 text-sm">
        {state.status === 'running' && (
          <div className="space-y-2">
            <p>{progressText(state.progress)}</p>
            <progress
              className="h-2 w-full"
              aria-label="Export progress"
              {...(state.progress?.total
                ? { value: state.progress.items, max: state.progress.total }
                : {})}
            />
          </div>
        )}
        {state.status === 'saved' && (
          <p className="text-green-800 dark:text-green-200">
            {MESSAGES.exportSaved(state.filename)}
          </p>
        )}
      </div>
      {state.status === 'failed' && (
        <div role="alert" className={`mt-3 ${errorPanelClass}`}>
          <p>{state.message}</p>
          <Button onClick={retry} variant="secondary" size="sm" className="mt-3">
            Try Again
          </Button>
        </div>
      )}
    </Card>
  );
}
