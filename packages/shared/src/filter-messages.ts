/**
 * The web's texts for saved filters (issue 32, ADR 0028, ours). A module apart from messages.ts,
 * which every page loads first, as `@daywise/shared/list-messages` is: only the signed-in pages
 * load these.
 */
export const FILTER_MESSAGES = {
  filterCreated: 'Filter created',
  filterCreateFailed: 'Failed to create filter',
  filterUpdated: 'Filter updated',
  filterUpdateFailed: 'Failed to update filter',
  filterMoved: 'Filter moved',
  filterMoveFailed: 'Failed to move filter',
  filterDeleted: 'Filter deleted',
  filterDeleteFailed: 'Failed to delete filter',
  filtersLoadFailed: 'Failed to load your filters',
  filterToolsLoadFailed: 'The filter tools could not load. Check your connection and try again.',
  filterFieldLoadFailed: 'The Filter field could not load. Check your connection and try again.',
  filterEmpty: 'No open todos match this filter',
  queryRequired: 'Type a query, such as today | overdue',
  feedLoadFailed: "Failed to load the filter's feed address",
  feedOff: 'The calendar feed is off. Turn it on in Settings to subscribe to this filter.',
} as const;
