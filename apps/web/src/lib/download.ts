import { ERROR_CODES, EXPORT_ITEMS_HEADER, isErrorCode, MESSAGES } from '@daywise/shared';
import { type Endpoint, endpointPath } from '@daywise/shared/api';

import { ApiClientError, queryString } from './api-client';
import { reportReachable } from './connection';

export interface DownloadProgress {
  /** Line breaks read so far: one per item of the JSON archive, one per CSV row. */
  items: number;
  /** The items the server said the file holds, or null when it does not say (the PDF). */
  total: number | null;
  bytes: number;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const LINE_FEED = 0x0a;

/** The file name of a Content-Disposition header (`attachment; filename="…"`). */
function filenameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

async function errorOf(response: Response): Promise<ApiClientError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown };
  } | null;
  const code = body?.error?.code;
  if (isErrorCode(code) && typeof body?.error?.message === 'string') {
    return new ApiClientError(code, body.error.message, response.status);
  }
  const fallback = response.status >= 500 ? 'INTERNAL' : 'NOT_FOUND';
  return new ApiClientError(fallback, ERROR_CODES[fallback].message, response.status);
}

/**
 * Downloads an export endpoint's file as it streams in (docs/data-archive.md), reporting progress
 * after every chunk: the items read, counted by line breaks against the X-Export-Items header,
 * and the bytes. A download cut short by the server or the network fails with the export's
 * message. This is the one place the web app reads an answer that is not JSON from the API.
 */
export async function downloadExport(
  endpoint: Endpoint,
  query: object | undefined,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(endpointPath(endpoint) + queryString(query), {
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    reportReachable(false);
    throw new ApiClientError('NETWORK', 'Could not reach Daywise. Check your connection.', 0);
  }
  reportReachable(true);
  if (!response.ok || !response.body) {
    throw await errorOf(response);
  }
  const header = response.headers.get(EXPORT_ITEMS_HEADER);
  const total = header === null || !/^\d+$/.test(header) ? null : Number(header);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: DownloadProgress = { items: 0, total, bytes: 0 };
  onProgress({ ...progress });
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      chunks.push(value);
      progress.bytes += value.byteLength;
      for (const byte of value) {
        if (byte === LINE_FEED) {
          progress.items += 1;
        }
      }
      onProgress({
        ...progress,
        items: total === null ? progress.items : Math.min(progress.items, total),
      });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new ApiClientError('NETWORK', MESSAGES.exportFailed, 0);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    filename: filenameOf(response.headers.get('Content-Disposition'), 'daywise-export'),
  };
}

/** Hands a downloaded file to the browser to save, as a link to it clicked would. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
