import { useNavigateAfterDialogs } from '../../components/use-close-on-back';
import { saveAsFilterRequests, usePageRequests } from '../../lib/page-requests';
import { filterPath } from './api';
import { FilterDialogs, useFilterDialogs } from './filter-dialogs';

/**
 * A todo page's 'Save as filter' (features/todos, lib/page-requests.ts): the New filter dialog
 * with the page's query, held once by the signed-in shell; once saved, the new filter's page
 * opens, as after the sidebar's New filter.
 */
export function SaveAsFilter() {
  const navigate = useNavigateAfterDialogs();
  const { dialog, open, close } = useFilterDialogs();
  usePageRequests(saveAsFilterRequests, (query) => open({ kind: 'new', query }));
  return (
    <FilterDialogs
      dialog={dialog}
      onClose={close}
      onSaved={(filter) => navigate(filterPath(filter.id))}
    />
  );
}
