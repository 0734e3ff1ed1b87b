/*
 * What the sidebar's filters and a filter's page fetch when first needed, or once the browser is
 * idle (filters-nav.tsx): the filter dialogs, with the filter language's parser and suggestions
 * and the schemas, and each filter's sidebar menu, none of which the sidebar needs to show itself
 * (ADR 0018's budget for /dashboard, ADR 0029's way with the lists' dialogs).
 */
export { DeleteFilterDialog } from './delete-filter-dialog';
export { FeedDialog } from './feed-dialog';
export { FilterDialog } from './filter-dialog';
export { FilterNavActions } from './filter-nav-actions';
