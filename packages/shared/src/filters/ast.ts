import { addDays } from '../dates';

/*
 * The filter language (issue 32, ADR 0028): what a parsed query is, and the small helpers both
 * the server and the web read it with.
 */

export const FILTER_LIMITS = {
  /** The longest query, in UTF-16 code units (what `string.length` counts). */
  queryMax: 1000,
  /** The deepest nesting of parentheses. */
  depthMax: 50,
  /** `next N days`: N from 1 to this. */
  nextDaysMax: 3650,
  /** `due before: +Nd`: at most this many days either way (+Nw counts 7 a week). */
  relativeDaysMax: 36_500,
  /** The words of `search:`, as long as the todo list's own search. */
  searchMax: 200,
} as const;

/** A day in a query: a calendar day, or a number of days from the user's today. */
export type FilterDate = { type: 'day'; day: string } | { type: 'relative'; days: number };

/** One condition on a todo. */
export type FilterTerm =
  | { type: 'today' }
  | { type: 'tomorrow' }
  /** Open and due before today. */
  | { type: 'overdue' }
  | { type: 'noDate' }
  /** Due today or on one of the `days` - 1 days after it. */
  | { type: 'nextDays'; days: number }
  /** Due strictly before the day. */
  | { type: 'dueBefore'; date: FilterDate }
  /** Due strictly after the day. */
  | { type: 'dueAfter'; date: FilterDate }
  | { type: 'priority'; priority: 'high' | 'medium' | 'low' }
  /** In the list of that name (any case); in its section of that name when `section` is set. */
  | { type: 'list'; name: string; section: string | null }
  | { type: 'tag'; name: string }
  | { type: 'inbox' }
  | { type: 'subtask' }
  | { type: 'recurring' }
  | { type: 'completed' }
  /** The words appear in the title or the description, ignoring case. */
  | { type: 'search'; text: string };

/**
 * A parsed query. `and` and `or` hold two terms or more (nested ones of the same kind are
 * flattened), and a `not` never holds another `not` (two cancel out).
 */
export type FilterNode =
  | FilterTerm
  | { type: 'and'; terms: FilterNode[] }
  | { type: 'or'; terms: FilterNode[] }
  | { type: 'not'; term: FilterNode };

/** Where a query stops parsing: a 0-based offset into it, and what is wrong there. */
export interface FilterError {
  position: number;
  message: string;
}

export type FilterParse = { ok: true; filter: FilterNode } | { ok: false; error: FilterError };

/** The day a query's date stands for, seen from the user's `today` (YYYY-MM-DD). */
export function filterDay(date: FilterDate, today: string): string {
  return date.type === 'day' ? date.day : addDays(today, date.days);
}

/** The names a query mentions (for looking them up). */
export interface FilterNames {
  /** Every list named, with or without a section, each once as written. */
  lists: string[];
  /** Every `#List/Section`, each once as written. */
  sections: { list: string; section: string }[];
  tags: string[];
}

/** The list, section and tag names a query mentions. */
export function filterNames(filter: FilterNode): FilterNames {
  const lists = new Set<string>();
  const sections = new Map<string, { list: string; section: string }>();
  const tags = new Set<string>();
  const visit = (node: FilterNode): void => {
    if (node.type === 'and' || node.type === 'or') {
      node.terms.forEach(visit);
    } else if (node.type === 'not') {
      visit(node.term);
    } else if (node.type === 'list') {
      lists.add(node.name);
      if (node.section !== null) {
        sections.set(JSON.stringify([node.name, node.section]), {
          list: node.name,
          section: node.section,
        });
      }
    } else if (node.type === 'tag') {
      tags.add(node.name);
    }
  };
  visit(filter);
  return { lists: [...lists], sections: [...sections.values()], tags: [...tags] };
}

/** Characters that end a name written without quotes. */
const NAME_STOPS = new Set([' ', '&', '|', '!', '(', ')', '"', '/']);

/**
 * A list, section or tag name as a query writes it: as it is when it can be, else in double
 * quotes with `"` and `\` escaped. `#` or `@` goes before it.
 */
export function quoteFilterName(name: string): string {
  const bare = name.length > 0 && [...name].every((char) => !NAME_STOPS.has(char) && char.trim());
  return bare ? name : `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
