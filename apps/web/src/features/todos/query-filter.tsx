import { useEffect } from 'react';

import { Button } from '../../components/button';
import { QueryField, readQuery } from '../../components/filter-query-field';

/*
 * The Filters panel's Filter field (filters-panel.tsx), fetched when the panel first opens or once
 * the browser is idle: it brings the filter language's parser and suggestions (ADR 0028), which
 * the todo page does not need to show itself.
 */

export interface QueryFilterProps {
  /** What is typed. */
  text: string;
  onText: (text: string) => void;
  /** What is typed, once typing has paused (SEARCH_DEBOUNCE_MS). */
  typed: string;
  /** The query the list shows, from the address ('' for none). */
  applied: string;
  /** Shows the todos `query` matches ('' for every todo). */
  onApply: (query: string) => void;
  /** 'Save as filter': the saved filter's dialog, with this query. */
  onSave: (query: string) => void;
}

/**
 * A query in the filter language, typed with suggestions and its error where it does not parse
 * (components/filter-query-field.tsx). Once typing pauses, a query that parses is shown (put in
 * the address, so that a reload or coming back keeps it), an empty field shows every todo again,
 * and one that does not parse changes nothing but its error. 'Save as filter' saves what the
 * field holds, once it parses.
 */
export function QueryFilter({ text, onText, typed, applied, onApply, onSave }: QueryFilterProps) {
  useEffect(() => {
    const parse = readQuery(typed);
    if (parse === null) {
      if (applied !== '') {
        onApply('');
      }
    } else if (parse.ok && typed.trim() !== applied) {
      onApply(typed.trim());
    }
    // Only a pause in typing applies it: a change of the other filters must not replay it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const parses = readQuery(text)?.ok === true;

  return (
    <div className="space-y-2 sm:col-span-2 lg:col-span-4">
      <QueryField label="Filter" value={text} onChange={onText} />
      <Button variant="secondary" size="xs" disabled={!parses} onClick={() => onSave(text.trim())}>
        Save as filter
      </Button>
    </div>
  );
}
