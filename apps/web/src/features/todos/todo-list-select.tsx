import { useQuery } from '@tanstack/react-query';

import { FormField, selectClass } from '../../components/form-field';
import { listsQuery } from '../../lib/lists';

/**
 * The todo dialog's List: the Inbox and the lists not archived, by position, and the todo's own
 * list should it be archived, so that saving keeps it there. Its value is the list's id, or ''
 * for the Inbox.
 */
export function TodoListSelect({
  value,
  onChange,
  current,
  error,
}: {
  value: string;
  onChange: (listId: string) => void;
  /** The list the todo is in now (null: the Inbox, or a new todo). */
  current: string | null;
  error: string | undefined;
}) {
  const lists = useQuery(listsQuery()).data;
  const shown = (lists?.lists ?? []).filter(
    (list) => !list.archived || list.id === current || list.id === value,
  );
  // Until the lists are read, the chosen list is kept as it is.
  const pending = value !== '' && !shown.some((list) => list.id === value);
  return (
    <FormField label="List" error={error}>
      {(field) => (
        <select
          {...field}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${selectClass} w-full`}
        >
          <option value="">Inbox</option>
          {shown.map((list) => (
            <option key={list.id} value={list.id}>
              {list.archived ? `${list.name} (archived)` : list.name}
            </option>
          ))}
          {pending && (
            <option value={value}>{lists === undefined ? 'Loading lists…' : 'Unknown list'}</option>
          )}
        </select>
      )}
    </FormField>
  );
}
