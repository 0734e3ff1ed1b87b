import { MESSAGES } from '@daywise/shared';
import { exportsApi } from '@daywise/shared/api';
import type { ReportQuery } from '@daywise/shared/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiClientError } from '../../lib/api-client';
import { downloadExport, type DownloadProgress, saveFile } from '../../lib/download';

export const EXPORT_KINDS = ['archive', 'todos', 'planTasks', 'report'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; kind: ExportKind; progress: DownloadProgress | null }
  | { status: 'saved'; kind: ExportKind; filename: string }
  | { status: 'failed'; kind: ExportKind; message: string; query: ReportQuery | undefined };

/** What the page says while an export streams in: items of the total, or the bytes so far. */
export function progressText(progress: DownloadProgress | null): string {
  if (!progress || (progress.bytes === 0 && progress.items === 0)) {
    return MESSAGES.exportStarting;
  }
  return progress.total === null
    ? MESSAGES.exportReceived(Math.max(1, Math.round(progress.bytes / 1024)))
    : MESSAGES.exportProgress(progress.items, progress.total);
}

/**
 * One export at a time from Settings, Your data (docs/data-archive.md): the file is read as it
 * streams, its progress shown in the page, then saved. A failure keeps what was asked for, so Try
 * Again repeats it; leaving the page stops the download.
 */
export function useExport() {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((kind: ExportKind, query?: ReportQuery) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', kind, progress: null });
    downloadExport(
      exportsApi[kind],
      query,
      (progress) => {
        if (!abort.signal.aborted) {
          setState({ status: 'running', kind, progress });
        }
      },
      abort.signal,
    ).then(
      (file) => {
        if (abort.signal.aborted) {
          return;
        }
        saveFile(file);
        setState({ status: 'saved', kind, filename: file.filename });
      },
      (error: unknown) => {
        if (abort.signal.aborted) {
          return;
        }
        const message =
          error instanceof ApiClientError && error.code !== 'NETWORK' && error.code !== 'INTERNAL'
            ? error.message
            : MESSAGES.exportFailed;
        setState({ status: 'failed', kind, message, query });
      },
    );
  }, []);

  const retry = useCallback(() => {
    if (state.status === 'failed') {
      start(state.kind, state.query);
    }
  }, [state, start]);

  return { state, start, retry };
}
