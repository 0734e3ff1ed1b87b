import { IMPORT_MAX_BYTES, MESSAGES } from '@daywise/shared';
import {
  IMPORT_FORMAT_LABELS,
  type ImportPreview,
  type ImportProblem,
  type ImportStatus,
} from '@daywise/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/button';
import { errorPanelClass, LoadError } from '../../components/load-error';
import { PRIORITY_LABELS } from '../../components/priority-chip';
import { ApiClientError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { importQueries, previewImport, startImport } from './import-api';

/** What the failure of a file's upload says: the server's word on the file, or the code's. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    return error.fields.file ?? error.message;
  }
  return MESSAGES.importFailed;
}

const cellClass = 'px-3 py-2 text-left align-top';

function ProblemList({ problems }: { problems: ImportProblem[] }) {
  if (problems.length === 0) {
    return null;
  }
  return (
    <div>
      <h4 className="text-sm font-semibold">Skipped or changed</h4>
      <ul className="mt-1 max-h-48 space-y-1 overflow-auto text-sm text-gray-700 dark:text-gray-300">
        {problems.map((problem, index) => (
          <li key={`${problem.row}-${index}`}>
            {problem.row > 0 ? `Row ${problem.row}: ` : ''}
            {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function confirmLabel(preview: ImportPreview): string {
  if (preview.restores.length > 0) {
    return preview.toCreate > 0
      ? `Import ${preview.toCreate} todos and restore the rest`
      : 'Restore the archive';
  }
  return preview.toCreate === 0 ? 'Nothing new to import' : `Import ${preview.toCreate} todos`;
}

function PreviewView({
  preview,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  // An archive also brings back the profile, settings and plans, even with no new todo.
  const nothingNew = preview.toCreate === 0 && preview.restores.length === 0;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          Preview: {preview.fileName}
        </h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Format: <strong>{IMPORT_FORMAT_LABELS[preview.format]}</strong>
        </p>
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        <li>
          {preview.total} todos in the file, <strong>{preview.toCreate} to import</strong>
        </li>
        {preview.alreadyImported > 0 && <li>{preview.alreadyImported} imported before</li>}
        {preview.overQuota > 0 && <li>{preview.overQuota} left out (todo limit)</li>}
        <li>{preview.withDueDate} with a due date</li>
        <li>{preview.completed} completed</li>
        <li>{preview.repeating} repeating</li>
        {preview.subtasks > 0 && <li>{preview.subtasks} as subtasks</li>}
        <li>
          {preview.newTags.length > 0 ? `New tags: ${preview.newTags.join(', ')}` : 'No new tags'}
        </li>
        {preview.newLists.length > 0 && <li>New lists: {preview.newLists.join(', ')}</li>}
        {preview.newSections > 0 && <li>{preview.newSections} new sections</li>}
      </ul>
      {preview.restores.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold">Also brought back from the archive</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
            {preview.restores.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.mappings.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold">What maps to what</h4>
          <ul className="mt-1 max-h-40 space-y-0.5 overflow-auto text-sm">
            {preview.mappings.map((mapping) => (
              <li key={`${mapping.from}-${mapping.to}`}>
                {mapping.from} → {mapping.to}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="text-left text-sm font-semibold">
            {preview.sample.length < preview.total
              ? `The first ${preview.sample.length} todos`
              : 'The todos'}
          </caption>
          <thead className="border-b border-gray-200 dark:border-gray-800">
            <tr>
              <th scope="col" className={cellClass}>
                Title
              </th>
              <th scope="col" className={cellClass}>
                Priority
              </th>
              <th scope="col" className={cellClass}>
                Due
              </th>
              <th scope="col" className={cellClass}>
                Tags
              </th>
              <th scope="col" className={cellClass}>
                Repeats
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
            {preview.sample.map((item) => (
              <tr key={item.row}>
                <td className={`${cellClass} break-words`}>
                  {item.title}
                  {item.completed ? ' (completed)' : ''}
                </td>
                <td className={cellClass}>{PRIORITY_LABELS[item.priority]}</td>
                <td className={cellClass}>{item.dueDate ?? '—'}</td>
                <td className={cellClass}>{item.tags.join(', ') || '—'}</td>
                <td className={cellClass}>{item.repeat ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ProblemList problems={preview.problems} />
      {error && (
        <p role="alert" className={errorPanelClass}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onConfirm} disabled={busy || nothingNew} size="sm">
          {busy ? 'Starting...' : confirmLabel(preview)}
        </Button>
        <Button onClick={onCancel} variant="secondary" size="sm" disabled={busy}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function ProgressView({ id, onDone }: { id: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery(importQueries.one(id));
  const finished = status.data && status.data.status !== 'running';

  useEffect(() => {
    if (!finished) {
      return;
    }
    if (status.data?.status === 'done') {
      notify.success(MESSAGES.importDone);
    }
    for (const queryKey of [
      queryKeys.todos.all,
      queryKeys.tags.all,
      queryKeys.analytics.all,
      queryKeys.agenda.all,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    // Once per import, when it finishes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  if (status.isError && !status.data) {
    return (
      <LoadError
        message="Failed to read the import's progress"
        onRetry={() => void status.refetch()}
        className={errorPanelClass}
      />
    );
  }
  const data: ImportStatus | undefined = status.data;
  const percent = data && data.total > 0 ? Math.round((data.processed / data.total) * 100) : 0;
  if (!data || data.status === 'running') {
    return (
      <div className="space-y-2" aria-live="polite">
        <p className="text-sm">Importing{data ? ` ${data.processed} of ${data.total}` : ''}...</p>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        >
          <div
            className="h-full rounded-full bg-blue-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <section aria-label="Import result" className="space-y-3">
      <p role="status" className="font-medium">
        {data.status === 'done' ? 'Import finished' : 'Import stopped'}: {data.created} todos
        imported
        {data.alreadyImported > 0 ? `, ${data.alreadyImported} imported before` : ''}
        {data.tagsCreated > 0 ? `, ${data.tagsCreated} tags created` : ''}.
      </p>
      {data.restored.length > 0 && (
        <ul aria-label="Also restored" className="list-disc space-y-0.5 pl-5 text-sm">
          {data.restored.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <ProblemList problems={data.problems} />
      <div className="flex flex-wrap gap-3">
        <Link
          to="/dashboard/todos"
          className="inline-flex items-center rounded-lg bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          View your todos
        </Link>
        <Button onClick={onDone} variant="secondary" size="sm">
          Import another file
        </Button>
      </div>
    </section>
  );
}

type Stage =
  | { step: 'choose' }
  | { step: 'preview'; file: File; preview: ImportPreview }
  | { step: 'running'; id: string };

/**
 * Importing from Todoist, TickTick or a Daywise archive (issue 16): choose or drop a file, see
 * what it holds and what maps to what (nothing is written), confirm, follow the progress, read
 * the result with the rows skipped or changed.
 */
export function ImportData() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useMutation({ mutationFn: previewImport });
  const start = useMutation({ mutationFn: startImport });

  const read = (file: File | undefined) => {
    setError(null);
    if (!file) {
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setError(MESSAGES.importFileTooLarge);
      return;
    }
    preview.mutate(file, {
      onSuccess: (result) => setStage({ step: 'preview', file, preview: result }),
      onError: (failure) => setError(failureMessage(failure)),
    });
  };

  const reset = () => {
    setStage({ step: 'choose' });
    setError(null);
    if (input.current) {
      input.current.value = '';
    }
  };

  const confirm = () => {
    if (stage.step !== 'preview') {
      return;
    }
    setError(null);
    start.mutate(stage.file, {
      onSuccess: (started) => {
        notify.success(MESSAGES.importStarted);
        setStage({ step: 'running', id: started.id });
      },
      onError: (failure) => setError(failureMessage(failure)),
    });
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    read(event.dataTransfer.files[0]);
  };

  if (stage.step === 'preview') {
    return (
      <PreviewView
        preview={stage.preview}
        busy={start.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={reset}
      />
    );
  }
  if (stage.step === 'running') {
    return <ProgressView id={stage.id} onDone={reset} />;
  }
  return (
    <div className="space-y-3 py-2">
      <p id={hintId} className="text-sm text-gray-700 dark:text-gray-300">
        Bring your tasks from a Todoist CSV export, a TickTick CSV backup or a Daywise JSON archive
        (UTF-8, at most 10 MB). You will see what the file holds before anything is imported, and
        importing the same file twice adds nothing.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm ${
          dragging
            ? 'border-blue-600 bg-blue-50 dark:bg-blue-950'
            : 'border-gray-300 dark:border-gray-700'
        }`}
      >
        <FileUp aria-hidden className="size-6 text-gray-500" />
        {/* One way to choose: the link. The native input (and its own 'Choose File' button) is
            only visually hidden, so the keyboard and screen readers still reach it; the link
            shows its focus. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby={hintId}
          disabled={preview.isPending}
          onChange={(event) => read(event.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded font-semibold text-blue-700 underline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:text-blue-300"
        >
          Choose a file to import
        </label>
        <span className="text-gray-600 dark:text-gray-400">or drop it here</span>
      </div>
      {preview.isPending && (
        <p role="status" className="text-sm">
          Reading the file...
        </p>
      )}
      {error && (
        <div role="alert" className={errorPanelClass}>
          <p>{error}</p>
        </div>
      )}
    </div>
  );
}
