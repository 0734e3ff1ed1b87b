import { tagsApi } from '@daywise/shared/api';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from './api-client';
import { queryKeys } from './query-keys';

/** The user's colour tags, ordered by name: plan tasks and todos both carry them. */
export const tagListQuery = () =>
  queryOptions({
    queryKey: queryKeys.tags.all,
    queryFn: ({ signal }) => callApi(tagsApi.list, {}, { signal }),
  });
