import {
  filterNames,
  type FilterParse,
  type FilterSuggestion,
  filterSuggestions,
  type FilterVocabulary,
  parseFilter,
} from '@daywise/shared/filters';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { listsQuery } from '../lib/lists';
import { tagListQuery } from '../lib/tags';
import { Button } from './button';
import { inputClass } from './form-field';

/** How names compare, as the server and the suggestions fold them (ADR 0028). */
const fold = (name: string) => name.normalize('NFKC').toLocaleLowerCase('und');

/** What the field holds: empty, a query that parses, or one that does not, and where. */
export function readQuery(query: string): FilterParse | null {
  return query.trim() === '' ? null : parseFilter(query);
}

/** The user's list and tag names, for the suggestions and the unknown-name note. */
export function useVocabulary(): Required<FilterVocabulary> {
  const lists = useQuery(listsQuery()).data;
  const tags = useQuery(tagListQuery()).data;
  return useMemo(
    () => ({
      lists: (lists?.lists ?? []).map((list) => list.name),
      tags: (tags ?? []).map((tag) => tag.name),
    }),
    [lists, tags],
  );
}

/** The names a query mentions that the user has no list or tag of ('#Wrk', '@wating'). */
export function unknownNames(parse: FilterParse | null, vocabulary: Required<FilterVocabulary>) {
  if (!parse?.ok) {
    return [];
  }
  const names = filterNames(parse.filter);
  const lists = new Set(vocabulary.lists.map(fold));
  const tags = new Set(vocabulary.tags.map(fold));
  return [
    ...names.lists.filter((name) => !lists.has(fold(name))).map((name) => `#${name}`),
    ...names.tags.filter((name) => !tags.has(fold(name))).map((name) => `@${name}`),
  ];
}

/**
 * The query with where it stops parsing marked: what reads well, then the rest in red from the
 * position on (or a mark after the end, when more was expected there).
 */
function ErrorSpot({ query, position }: { query: string; position: number }) {
  const before = query.slice(0, position);
  const rest = query.slice(position);
  return (
    <code className="block overflow-x-auto rounded bg-gray-100 px-2 py-1 font-mono text-sm whitespace-pre dark:bg-gray-800">
      {before}
      <mark className="rounded-sm bg-red-100 text-red-800 underline decoration-wavy dark:bg-red-950 dark:text-red-200">
        {rest === '' ? '\u00a0' : rest}
      </mark>
    </code>
  );
}

interface QueryFieldProps {
  /** The field's name: 'Query' in the saved filter's dialog, 'Filter' on a todo page. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of the query (400 FILTER_INVALID), shown until the query changes. */
  serverError?: string | undefined;
  /** Tells the dialog whether Escape is the field's (closing its suggestions). */
  openRef?: { current: boolean };
}

/**
 * A query in the filter language (ADR 0028: the saved filter's dialog, a todo page's Filter), read
 * as it is typed with the shared parser: where it does not
 * parse is said and marked, and suggestions for what may come at the caret (keywords, the user's
 * lists after `#` and tags after `@`, `&` and `|` after a whole term) are a listbox the field
 * controls (the combobox pattern quick add uses): the arrows move, Enter or Tab chooses, Escape
 * closes, and a click chooses without taking the focus from the field.
 */
export function QueryField({
  label = 'Query',
  value,
  onChange,
  serverError,
  openRef,
}: QueryFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const vocabulary = useVocabulary();
  const [caret, setCaret] = useState(value.length);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  // Where the caret goes once a chosen suggestion is written.
  const placeCaret = useRef<number | null>(null);

  const parse = readQuery(value);
  const suggestions = useMemo(() => {
    const found = filterSuggestions(value, caret, vocabulary, 8);
    // A name already written whole needs no suggesting.
    const typed = value.slice(found.from, found.to);
    return { ...found, items: found.items.filter((item) => item.insert !== typed) };
  }, [value, caret, vocabulary]);
  const open = focused && !dismissed && suggestions.items.length > 0;
  useLayoutEffect(() => {
    if (openRef) {
      openRef.current = open;
    }
  }, [openRef, open]);
  const unknown = unknownNames(parse, vocabulary);
  const error = serverError ?? (parse && !parse.ok ? parse.error : undefined);
  const errorText = typeof error === 'string' ? error : error?.message;

  useLayoutEffect(() => {
    if (placeCaret.current !== null && input.current) {
      input.current.setSelectionRange(placeCaret.current, placeCaret.current);
      placeCaret.current = null;
    }
  });

  const follow = (text: string, at: number) => {
    if (text !== value || at !== caret) {
      setActive(0);
      setDismissed(false);
    }
    setCaret(at);
  };
  const change = (text: string, at: number) => {
    follow(text, at);
    onChange(text);
  };
  const choose = (item: FilterSuggestion) => {
    const text = value.slice(0, suggestions.from) + item.insert + value.slice(suggestions.to);
    const at = suggestions.from + item.insert.length;
    placeCaret.current = at;
    change(text, at);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' && focused && suggestions.items.length > 0) {
        setDismissed(false);
        event.preventDefault();
      }
      return;
    }
    const count = suggestions.items.length;
    const chosen = suggestions.items[Math.min(active, count - 1)];
    switch (event.key) {
      case 'ArrowDown':
        setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        setActive((active - 1 + count) % count);
        break;
      case 'Enter':
      case 'Tab':
        if (!chosen) {
          return;
        }
        choose(chosen);
        break;
      case 'Escape':
        setDismissed(true);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
  const showError = () => {
    if (error && typeof error !== 'string' && input.current) {
      input.current.focus();
      input.current.setSelectionRange(error.position, error.position);
      setCaret(error.position);
    }
  };

  const describedBy = [`${id}-hint`, errorText ? `${id}-error` : '', `${id}-unknown`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium">
        {label}
      </label>
      {/* The suggestions lie over what follows, which does not move as they open and close. */}
      <div className="relative">
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          value={value}
          onChange={(event) =>
            change(event.target.value, event.target.selectionStart ?? event.target.value.length)
          }
          onSelect={(event) =>
            follow(value, event.currentTarget.selectionStart ?? event.currentTarget.value.length)
          }
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-suggestions`}
          aria-activedescendant={open ? `${id}-suggestion-${active}` : undefined}
          aria-invalid={Boolean(errorText)}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder="(today | overdue) & #Work & !@waiting"
          className={`${inputClass} font-mono text-sm`}
        />
        <ul
          id={`${id}-suggestions`}
          role="listbox"
          aria-label="Suggestions"
          hidden={!open}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-md dark:border-gray-700 dark:bg-gray-900"
        >
          {open &&
            suggestions.items.map((item, index) => (
              <li
                key={`${item.kind}:${item.label}`}
                id={`${id}-suggestion-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
                className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-1.5 text-sm aria-selected:bg-blue-50 aria-selected:text-blue-800 dark:aria-selected:bg-blue-950 dark:aria-selected:text-blue-100"
              >
                <span className="font-mono">{item.label}</span>
                {item.detail && (
                  <span className="text-xs text-gray-600 dark:text-gray-300">{item.detail}</span>
                )}
              </li>
            ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-300">
        Combine terms with &amp; (and), | (or), ! (not) and parentheses: today, overdue, p1, #List,
        @tag, next 7 days, due before: +3d, search: words.
      </p>
      {errorText && (
        <div id={`${id}-error`} className="space-y-1 text-sm text-red-700 dark:text-red-400">
          <p>{errorText}</p>
          {error && typeof error !== 'string' && (
            <>
              <ErrorSpot query={value} position={error.position} />
              <Button variant="link" size="xs" onClick={showError}>
                Go to the error
              </Button>
            </>
          )}
        </div>
      )}
      <p id={`${id}-unknown`} className="text-sm text-amber-800 dark:text-amber-300">
        {unknown.length > 0 &&
          `Nothing is named ${unknown.join(', ')} yet: ${unknown.length === 1 ? 'it matches' : 'they match'} no todo.`}
      </p>
    </div>
  );
}
