import { agendaApi } from '@daywise/shared/api';
import { queryOptions } from '@tanstack/react-query';

import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The agenda reads, each with its key and how to fetch it (docs/ARCHITECTURE.md). */
export const agendaQueries = {
  /** Overdue and due-today todos and today's tasks; the server decides the user's day. */
  today: () =>
    queryOptions({
      queryKey: queryKeys.agenda.today,
      queryFn: ({ signal }) => callApi(agendaApi.today, {}, { signal }),
    }),

  /** The next seven days, tomorrow first. */
  upcoming: () =>
    queryOptions({
      queryKey: queryKeys.agenda.upcoming,
      queryFn: ({ signal }) => callApi(agendaApi.upcoming, {}, { signal }),
    }),

  /** The calendar's days from `from` to `to` (at most 42), done items and projected repeats too. */
  calendar: (from: string, to: string) =>
    queryOptions({
      queryKey: queryKeys.agenda.calendar(from, to),
      queryFn: ({ signal }) => callApi(agendaApi.calendar, { query: { from, to } }, { signal }),
    }),

  /** The sidebar's badges: open items of Today and of Upcoming. */
  counts: () =>
    queryOptions({
      queryKey: queryKeys.agenda.counts,
      queryFn: ({ signal }) => callApi(agendaApi.counts, {}, { signal }),
    }),
};
