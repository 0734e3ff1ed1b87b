/**
 * Quick add's `#List`, `#"Two words"` and `@tag` (issue 32): what names one of the user's own
 * lists or tags, and what is being typed towards one (for the suggestions). Pure and free of
 * chrono-node: the dialog loads it with the page, the parser with its chunk. A name is matched
 * whole and case-insensitively; anything else stays a word of the title, so nothing is ever
 * created by accident.
 */

/** A list or tag of the user's, as quick add matches it. */
export interface Named {
  id: string;
  name: string;
}

export type Trigger = '#' | '@';

export interface NamedSpan {
  kind: 'list' | 'tag';
  start: number;
  end: number;
  text: string;
  id: string;
  name: string;
}

/** What may follow a name: the end, a blank or punctuation ('#Work, tomorrow'). */
const AFTER_NAME = /[\s.,;:!?)]/;

const KIND: Record<Trigger, NamedSpan['kind']> = { '#': 'list', '@': 'tag' };

const startsToken = (text: string, at: number) => at === 0 || /\s/.test(text.charAt(at - 1));
const endsName = (text: string, at: number) =>
  at >= text.length || AFTER_NAME.test(text.charAt(at));
const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The name of `choices` said at `at` (just after the trigger): quoted whole, or the longest bare. */
function nameAt(
  text: string,
  at: number,
  choices: readonly Named[],
): { named: Named; end: number } | null {
  if (text.charAt(at) === '"') {
    const close = text.indexOf('"', at + 1);
    if (close < 0 || !endsName(text, close + 1)) {
      return null;
    }
    const said = text.slice(at + 1, close).trim();
    const named = choices.find((choice) => same(choice.name.trim(), said));
    return named ? { named, end: close + 1 } : null;
  }
  let best: { named: Named; end: number } | null = null;
  for (const choice of choices) {
    const end = at + choice.name.length;
    if (
      choice.name !== '' &&
      (!best || end > best.end) &&
      same(text.slice(at, end), choice.name) &&
      endsName(text, end)
    ) {
      best = { named: choice, end };
    }
  }
  return best;
}

/**
 * Every `#List` and `@tag` in `text` that names one of `lists` or `tags`: the first list said
 * (a todo is in one; a later one stays in the title) and each tag once.
 */
export function readNamed(
  text: string,
  lists: readonly Named[],
  tags: readonly Named[],
): NamedSpan[] {
  const spans: NamedSpan[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const trigger = text.charAt(at);
    if ((trigger !== '#' && trigger !== '@') || !startsToken(text, at)) {
      continue;
    }
    const kind = KIND[trigger];
    const found = nameAt(text, at + 1, kind === 'list' ? lists : tags);
    if (!found) {
      continue;
    }
    const taken = spans.some(
      (span) => span.kind === kind && (kind === 'list' || span.id === found.named.id),
    );
    if (!taken) {
      spans.push({
        kind,
        start: at,
        end: found.end,
        text: text.slice(at, found.end),
        id: found.named.id,
        name: found.named.name,
      });
    }
    at = found.end - 1;
  }
  return spans;
}

/**
 * Every `#word`, `#"words"` and `@word` of the line, names or not: no other part may read them
 * ('#monday' is never a date), so an unknown one stays in the title as typed.
 */
export function namedWords(text: string): { start: number; end: number; text: string }[] {
  const words = [];
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charAt(at);
    if ((char !== '#' && char !== '@') || !startsToken(text, at)) {
      continue;
    }
    const close = text.charAt(at + 1) === '"' ? text.indexOf('"', at + 2) : -1;
    const blankAt = text.slice(at).search(/\s/);
    const end = close >= 0 ? close + 1 : blankAt < 0 ? text.length : at + blankAt;
    words.push({ start: at, end, text: text.slice(at, end) });
    at = end - 1;
  }
  return words;
}

/** A `#` or `@` word being typed at the caret, towards a list's or tag's name. */
export interface Typing {
  trigger: Trigger;
  /** Where the trigger is. */
  start: number;
  /** What follows it up to the caret, without an opening quote. */
  query: string;
}

/**
 * The `#…` or `@…` the caret stands at the end of: unquoted it has no blank in it; after `#"` it
 * runs to the caret without a closing quote.
 */
export function typingAt(text: string, caret: number): Typing | null {
  for (let at = caret - 1; at >= 0; at -= 1) {
    const char = text.charAt(at);
    if ((char === '#' || char === '@') && startsToken(text, at)) {
      const typed = text.slice(at + 1, caret);
      const quoted = typed.startsWith('"');
      const query = quoted ? typed.slice(1) : typed;
      if (quoted ? query.includes('"') : /\s/.test(query)) {
        return null;
      }
      return { trigger: char, start: at, query };
    }
  }
  return null;
}

/**
 * The lists or tags to offer for what is typed: those whose name starts with it, then those
 * that hold it, at most `max`; none once it names one exactly (Enter then adds the todo).
 */
export function suggestionsFor(typing: Typing, choices: readonly Named[], max = 8): Named[] {
  const query = typing.query.trim().toLocaleLowerCase();
  if (choices.some((choice) => choice.name.toLocaleLowerCase() === query)) {
    return [];
  }
  const starting = choices.filter((choice) => choice.name.toLocaleLowerCase().startsWith(query));
  const holding = choices.filter(
    (choice) => !starting.includes(choice) && choice.name.toLocaleLowerCase().includes(query),
  );
  return [...starting, ...holding].slice(0, max);
}

/** How a name is written after its trigger: quoted when it has a blank or a quote-less end. */
export const written = (trigger: Trigger, name: string) =>
  /\s/.test(name) ? `${trigger}"${name}"` : `${trigger}${name}`;

/** The text with the typed `#…` replaced by the chosen name and a space; the caret after it. */
export function complete(
  text: string,
  typing: Typing,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const before = text.slice(0, typing.start);
  const after = text.slice(caret).replace(/^\S*/, '');
  const inserted = `${written(typing.trigger, name)} `;
  return {
    text: `${before}${inserted}${after.replace(/^ /, '')}`,
    caret: before.length + inserted.length,
  };
}
