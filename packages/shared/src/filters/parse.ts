import { FIRST_DAY, isRealDate, LAST_DAY } from '../dates';
import { FILTER_LIMITS, type FilterDate, type FilterNode, type FilterParse } from './ast';
import { FilterSyntaxError, Scanner, type Token } from './scanner';

/*
 * The filter language's parser (issue 32, ADR 0028): recursive descent over the scanner's tokens,
 * one token of lookahead and no backtracking, so a query is read in time linear in its length.
 *
 *   query   := or END
 *   or      := and ('|' and)*
 *   and     := unary ('&' unary)*
 *   unary   := '!'* primary
 *   primary := '(' or ')' | term
 *
 * Keywords are read in any case. Every error names the 0-based offset where reading stopped.
 */

/** The words that are a whole term on their own. */
const SIMPLE_TERMS = {
  today: { type: 'today' },
  tomorrow: { type: 'tomorrow' },
  overdue: { type: 'overdue' },
  inbox: { type: 'inbox' },
  subtask: { type: 'subtask' },
  recurring: { type: 'recurring' },
  completed: { type: 'completed' },
  p1: { type: 'priority', priority: 'high' },
  p2: { type: 'priority', priority: 'medium' },
  p3: { type: 'priority', priority: 'low' },
} as const satisfies Record<string, FilterNode>;

/** The words a date may be besides a day and +Nd / +Nw, and the days from today they stand for. */
const DATE_WORDS: Record<string, number> = { today: 0, tomorrow: 1, yesterday: -1 };

const DATE_HINT = '(such as 2026-12-31, today, +3d or +2w)';

function isDigits(text: string): boolean {
  return text.length > 0 && [...text].every((char) => char >= '0' && char <= '9');
}

/** Joins terms under `and` or `or`, taking in the terms of nested ones of the same kind. */
function join(type: 'and' | 'or', terms: FilterNode[]): FilterNode {
  if (terms.length === 1 && terms[0]) {
    return terms[0];
  }
  return { type, terms: terms.flatMap((term) => (term.type === type ? term.terms : [term])) };
}

/** `!term`; two negations cancel out, so a `not` never holds another. */
function negate(term: FilterNode): FilterNode {
  return term.type === 'not' ? term.term : { type: 'not', term };
}

class Parser {
  private readonly scanner: Scanner;
  private depth = 0;

  constructor(private readonly query: string) {
    this.scanner = new Scanner(query);
  }

  parse(): FilterNode {
    if (this.scanner.peek().kind === 'end') {
      throw new FilterSyntaxError(0, 'The filter is empty');
    }
    const filter = this.or();
    const after = this.scanner.peek();
    if (after.kind === 'operator' && after.value === ')') {
      throw new FilterSyntaxError(after.start, "Unexpected ')'");
    }
    if (after.kind !== 'end') {
      throw this.missingOperator(after, "'&' or '|'");
    }
    return filter;
  }

  private or(): FilterNode {
    const terms = [this.and()];
    while (this.takeOperator('|')) {
      terms.push(this.and());
    }
    return join('or', terms);
  }

  private and(): FilterNode {
    const terms = [this.unary()];
    while (this.takeOperator('&')) {
      terms.push(this.unary());
    }
    return join('and', terms);
  }

  private unary(): FilterNode {
    let negations = 0;
    while (this.takeOperator('!')) {
      negations += 1;
    }
    const term = this.primary();
    return negations % 2 === 1 ? negate(term) : term;
  }

  private primary(): FilterNode {
    const token = this.scanner.next();
    if (token.kind === 'operator' && token.value === '(') {
      return this.group(token);
    }
    if (token.kind === 'word') {
      return this.word(token);
    }
    if (token.kind === 'list') {
      return { type: 'list', name: token.name, section: token.section };
    }
    if (token.kind === 'tag') {
      return { type: 'tag', name: token.name };
    }
    throw this.missingTerm(token);
  }

  /** A term was expected at `token`: say what came before it, or what came instead. */
  private missingTerm(token: Token): FilterSyntaxError {
    const before = this.query.slice(0, token.start).trimEnd().at(-1);
    if (token.kind === 'quoted') {
      return new FilterSyntaxError(
        token.start,
        "Quoted text needs '#', '@' or 'search:' before it",
      );
    }
    if (token.kind === 'colon') {
      return new FilterSyntaxError(token.start, "Unexpected ':'");
    }
    if (before === '&' || before === '|' || before === '!' || before === '(') {
      return new FilterSyntaxError(token.start, `Expected a term after '${before}'`);
    }
    return new FilterSyntaxError(
      token.start,
      token.kind === 'end'
        ? 'Expected a term'
        : `Expected a term before '${this.scanner.text(token)}'`,
    );
  }

  /** Two terms side by side: `expected` belongs between them. */
  private missingOperator(token: Token, expected: string): FilterSyntaxError {
    return new FilterSyntaxError(
      token.start,
      `Expected ${expected} before '${this.scanner.text(token)}'`,
    );
  }

  private group(open: Token): FilterNode {
    this.depth += 1;
    if (this.depth > FILTER_LIMITS.depthMax) {
      throw new FilterSyntaxError(
        open.start,
        `Too many nested parentheses (at most ${FILTER_LIMITS.depthMax})`,
      );
    }
    const inner = this.or();
    const close = this.scanner.peek();
    if (close.kind === 'end') {
      throw new FilterSyntaxError(close.start, "Expected ')'");
    }
    if (close.kind !== 'operator' || close.value !== ')') {
      throw this.missingOperator(close, "'&', '|' or ')'");
    }
    this.scanner.next();
    this.depth -= 1;
    return inner;
  }

  private takeOperator(value: '&' | '|' | '!'): boolean {
    const token = this.scanner.peek();
    if (token.kind === 'operator' && token.value === value) {
      this.scanner.next();
      return true;
    }
    return false;
  }

  /** The next token must be this word (any case); `what` says what came before it. */
  private expectWord(words: readonly string[], message: string): string {
    const token = this.scanner.peek();
    const word = token.kind === 'word' ? token.value.toLowerCase() : undefined;
    if (word === undefined || !words.includes(word)) {
      throw new FilterSyntaxError(token.start, message);
    }
    this.scanner.next();
    return word;
  }

  private expectColon(after: string): void {
    const token = this.scanner.peek();
    if (token.kind !== 'colon') {
      throw new FilterSyntaxError(token.start, `Expected ':' after '${after}'`);
    }
    this.scanner.next();
  }

  private word(token: Extract<Token, { kind: 'word' }>): FilterNode {
    const word = token.value.toLowerCase();
    if (Object.hasOwn(SIMPLE_TERMS, word)) {
      return { ...SIMPLE_TERMS[word as keyof typeof SIMPLE_TERMS] };
    }
    switch (word) {
      case 'no':
        this.expectWord(['date'], "Expected 'date' after 'no'");
        return { type: 'noDate' };
      case 'next':
        return this.nextDays();
      case 'due': {
        const which = this.expectWord(
          ['before', 'after'],
          "Expected 'before:' or 'after:' after 'due'",
        );
        this.expectColon(`due ${which}`);
        const date = this.date(`due ${which}:`);
        return which === 'before' ? { type: 'dueBefore', date } : { type: 'dueAfter', date };
      }
      case 'search':
        return this.search();
      default:
        if (word.length > 1 && word.startsWith('p') && isDigits(word.slice(1))) {
          throw new FilterSyntaxError(
            token.start,
            'Priorities are p1 (high), p2 (medium) and p3 (low)',
          );
        }
        throw new FilterSyntaxError(token.start, `Unknown term '${this.scanner.text(token)}'`);
    }
  }

  private nextDays(): FilterNode {
    const token = this.scanner.peek();
    if (token.kind !== 'word' || !isDigits(token.value)) {
      throw new FilterSyntaxError(token.start, "Expected a number of days after 'next'");
    }
    const days = token.value.length > 5 ? Infinity : Number(token.value);
    if (days < 1 || days > FILTER_LIMITS.nextDaysMax) {
      throw new FilterSyntaxError(
        token.start,
        `The number of days must be from 1 to ${FILTER_LIMITS.nextDaysMax}`,
      );
    }
    this.scanner.next();
    this.expectWord(['days', 'day'], `Expected 'days' after 'next ${token.value}'`);
    return { type: 'nextDays', days };
  }

  /** A date after `due before:` or `due after:`. */
  private date(after: string): FilterDate {
    const token = this.scanner.peek();
    if (token.kind !== 'word') {
      throw new FilterSyntaxError(token.start, `Expected a date after '${after}' ${DATE_HINT}`);
    }
    const text = token.value.toLowerCase();
    const date = this.dateOf(text, token.start);
    if (!date) {
      throw new FilterSyntaxError(
        token.start,
        `'${this.scanner.text(token)}' is not a date ${DATE_HINT}`,
      );
    }
    this.scanner.next();
    return date;
  }

  private dateOf(text: string, start: number): FilterDate | undefined {
    if (Object.hasOwn(DATE_WORDS, text)) {
      return { type: 'relative', days: DATE_WORDS[text] ?? 0 };
    }
    const sign = text[0] === '+' ? 1 : text[0] === '-' ? -1 : 0;
    const unit = text.at(-1);
    const count = text.slice(1, -1);
    if (sign !== 0 && (unit === 'd' || unit === 'w') && isDigits(count)) {
      const days = (count.length > 6 ? Infinity : Number(count)) * (unit === 'w' ? 7 : 1);
      if (days > FILTER_LIMITS.relativeDaysMax) {
        throw new FilterSyntaxError(
          start,
          `A date can be at most ${FILTER_LIMITS.relativeDaysMax} days (${Math.floor(FILTER_LIMITS.relativeDaysMax / 7)} weeks) from today`,
        );
      }
      return { type: 'relative', days: sign * days };
    }
    const [year = '', month = '', day = '', ...rest] = text.split('-');
    if (
      rest.length > 0 ||
      year.length !== 4 ||
      month.length !== 2 ||
      day.length !== 2 ||
      !isDigits(year + month + day)
    ) {
      return undefined;
    }
    if (!isRealDate(text)) {
      throw new FilterSyntaxError(start, `'${text}' is not a real date`);
    }
    if (text < FIRST_DAY || text > LAST_DAY) {
      throw new FilterSyntaxError(start, `Dates must be from ${FIRST_DAY} to ${LAST_DAY}`);
    }
    return { type: 'day', day: text };
  }

  private search(): FilterNode {
    this.expectColon('search');
    const { text, start } = this.scanner.searchText();
    if (text.trim() === '') {
      throw new FilterSyntaxError(start, "Expected words to search for after 'search:'");
    }
    if (text.length > FILTER_LIMITS.searchMax) {
      throw new FilterSyntaxError(
        start,
        `Search words can be at most ${FILTER_LIMITS.searchMax} characters`,
      );
    }
    return { type: 'search', text };
  }
}

/**
 * Reads a filter query into its tree, or says where and why it cannot: the error's `position` is
 * a 0-based offset into the query, and its `message` ends with "at <position>".
 */
export function parseFilter(query: string): FilterParse {
  if (query.length > FILTER_LIMITS.queryMax) {
    return {
      ok: false,
      error: {
        position: FILTER_LIMITS.queryMax,
        message: `A filter can be at most ${FILTER_LIMITS.queryMax.toLocaleString('en-US')} characters at ${FILTER_LIMITS.queryMax}`,
      },
    };
  }
  try {
    return { ok: true, filter: new Parser(query).parse() };
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      return { ok: false, error: { position: error.position, message: error.message } };
    }
    throw error;
  }
}
