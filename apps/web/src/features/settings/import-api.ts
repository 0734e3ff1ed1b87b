import { importsApi } from '@daywise/shared/api';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** How often the page asks a running import how far it got. */
export const IMPORT_POLL_MS = 500;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** What importing the file would do; the server writes nothing. */
export function previewImport(file: File) {
  return callApi(importsApi.preview, {}, { form: fileForm(file) });
}

/** Starts importing the file; the answer is the import to follow. */
export function startImport(file: File) {
  return callApi(importsApi.start, {}, { form: fileForm(file) });
}

export const importQueries = {
  /** An import, read again every IMPORT_POLL_MS while it runs. */
  one: (id: string) =>
    queryOptions({
      queryKey: queryKeys.imports.one(id),
      queryFn: ({ signal }) => callApi(importsApi.get, { params: { id } }, { signal }),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
    }),
};
