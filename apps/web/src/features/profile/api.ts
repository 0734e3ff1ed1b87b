import { profileApi } from '@daywise/shared/api';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The profile reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const profileQueries = {
  profile: () =>
    queryOptions({
      queryKey: queryKeys.profile,
      queryFn: ({ signal }) => callApi(profileApi.get, {}, { signal }),
    }),
};

/** Uploads a new picture as its one multipart file part; answers its versioned link. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('picture', file, file.name);
  return callApi(profileApi.uploadPicture, {}, { form });
}
