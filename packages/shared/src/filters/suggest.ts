import { quoteFilterName } from './ast';
import { parseFilter } from './parse';
import { isSpace } from './scanner';

/*
 * Completions for a filter query as it is typed (issue 32, ADR 0028): the web's search field asks
 * what may come at the cursor. One pass over the text before the cursor, so it is linear too.
 */

export interface FilterSuggestion {
  /** What the list shows: 'next 7 days', '#Work', '@waiting', '&'. */
  label: string;
  /** The text that replaces `query.slice(from, to)`. */
  insert: string;
  kind: 'keyword' | 'list' | 'tag' | 'operator';
  /** A short explanation for a keyword or an operator. */
  detail?: string;
}

export interface FilterSuggestions {
  /** The part of the query the suggestions replace: what is being typed at the cursor. */
  from: number;
  to: number;
  items: FilterSuggestion[];
}

/** The user's names a query may refer to: lists (and their sections later) and tags. */
export interface FilterVocabulary {
  lists?: readonly string[];
  tags?: readonly string[];
}

const KEYWORDS: readonly { text: string; detail: string }[] = [
  { text: 'today', detail: 'Due today' },
  { text: 'overdue', detail: 'Open and due before today' },
  { text: 'tomorrow', detail: 'Due tomorrow' },
  { text: 'next 7 days', detail: 'Due today or in the 6 days after' },
  { text: 'no date', detail: 'Without a due date' },
  { text: 'due before: ', detail: 'Due before a day: 2026-12-31, today, +3d, +2w' },
  { text: 'due after: ', detail: 'Due after a day: 2026-12-31, today, +3d, +2w' },
  { text: 'p1', detail: 'High priority' },
  { text: 'p2', detail: 'Medium priority' },
  { text: 'p3', detail: 'Low priority' },
  { text: 'inbox', detail: 'In the Inbox' },
  { text: 'subtask', detail: 'Subtasks of another todo' },
  { text: 'recurring', detail: 'Repeating todos' },
  { text: 'completed', detail: 'Completed todos' },
  { text: 'search: ', detail: 'Words in the title or description' },
];

const OPERATORS: readonly FilterSuggestion[] = [
  { label: '&', insert: '& ', kind: 'operator', detail: 'And' },
  { label: '|', insert: '| ', kind: 'operator', detail: 'Or' },
];

/** How names compare: case and compatibility forms folded, as the server compares them. */
function fold(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('und');
}

/** What is typed after `#` or `@`: without its opening quote. */
function typedName(text: string): string {
  return text.startsWith('"') ? text.slice(1).replaceAll('\\', '') : text;
}

function nameSuggestions(
  sigil: '#' | '@',
  typed: string,
  names: readonly string[],
): FilterSuggestion[] {
  const wanted = fold(typedName(typed));
  return names
    .filter((name) => fold(name).startsWith(wanted))
    .map((name) => ({
      label: `${sigil}${name}`,
      insert: `${sigil}${quoteFilterName(name)}`,
      kind: sigil === '#' ? 'list' : 'tag',
    }));
}

/** `next 14` or `next 14 da`: the days already typed, to complete `next 14 days`. */
function nextDaysTyped(lowered: string): string | undefined {
  const [next, days, unit = '', ...rest] = lowered.split(' ').filter(Boolean);
  const digits =
    days !== undefined && days.length <= 4 && [...days].every((c) => c >= '0' && c <= '9');
  return next === 'next' && digits && rest.length === 0 && 'days'.startsWith(unit)
    ? `next ${days} days`
    : undefined;
}

/** Where the term being typed at `cursor` starts, and whether it is the words of `search:`. */
function termAt(
  query: string,
  cursor: number,
): { start: number; afterClose: boolean; inSearch: boolean } {
  let start = 0;
  let afterClose = false;
  let inSearch = false;
  let inQuote = false;
  for (let index = 0; index < cursor; index += 1) {
    const char = query.charAt(index);
    if (inQuote) {
      if (char === '\\') {
        index += 1;
      } else if (char === '"') {
        inQuote = false;
      }
    } else if (char === '"') {
      inQuote = true;
    } else if (
      char === '&' ||
      char === '|' ||
      char === '(' ||
      char === ')' ||
      (char === '!' && !inSearch)
    ) {
      start = index + 1;
      afterClose = char === ')';
      inSearch = false;
    } else if (char === ':' && index - start <= 20) {
      inSearch ||= query.slice(start, index).trim().toLowerCase() === 'search';
    }
  }
  while (start < cursor && isSpace(query.charAt(start))) {
    start += 1;
  }
  return { start, afterClose, inSearch };
}

/**
 * What may be typed at `cursor` in `query`: keywords matching what is typed there, the user's
 * lists after `#` and tags after `@` (matched ignoring case), or `&` and `|` after a whole term.
 * At most `limit` items, keywords in the order people reach for them and names as given.
 */
export function filterSuggestions(
  query: string,
  cursor: number,
  vocabulary: FilterVocabulary = {},
  limit = 10,
): FilterSuggestions {
  const at = Math.max(0, Math.min(cursor, query.length));
  const { start, afterClose, inSearch } = termAt(query, at);
  const typed = query.slice(start, at);
  let to = at;
  // A name or word being edited in the middle is replaced whole.
  while (to < query.length && !isSpace(query.charAt(to)) && !'&|!()'.includes(query.charAt(to))) {
    to += 1;
  }
  const answer = (items: FilterSuggestion[], from = start, end = to): FilterSuggestions => ({
    from,
    to: end,
    items: items.slice(0, limit),
  });
  if (inSearch) {
    return answer([], at, at);
  }
  // A whole term followed by a space: what joins it to the next.
  if (typed !== '' && isSpace(typed.slice(-1)) && parseFilter(typed).ok) {
    return answer([...OPERATORS], at, at);
  }
  if (typed.startsWith('#')) {
    return typed.includes('/')
      ? answer([])
      : answer(nameSuggestions('#', typed.slice(1), vocabulary.lists ?? []));
  }
  if (typed.startsWith('@')) {
    return answer(nameSuggestions('@', typed.slice(1), vocabulary.tags ?? []));
  }
  if (afterClose && typed === '') {
    return answer([...OPERATORS], at, at);
  }
  const lowered = typed.toLowerCase();
  const next = nextDaysTyped(lowered);
  const keywords = KEYWORDS.filter(
    (keyword) => keyword.text.startsWith(lowered) && keyword.text.trimEnd() !== lowered.trimEnd(),
  ).map((keyword): FilterSuggestion => ({
    label: keyword.text.trimEnd(),
    insert: keyword.text,
    kind: 'keyword',
    detail: keyword.detail,
  }));
  if (next && next !== lowered && !keywords.some((keyword) => keyword.label === next)) {
    keywords.unshift({
      label: next,
      insert: next,
      kind: 'keyword',
      detail: 'Due today or in the days after',
    });
  }
  return answer(keywords);
}
