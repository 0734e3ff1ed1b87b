/*
 * The filter language's tokens, read one at a time as the parser asks for them (parse.ts). Every
 * character is looked at once or twice, so reading is linear in the query's length; no regular
 * expression runs over the query.
 */

export type Operator = '&' | '|' | '!' | '(' | ')';

export type Token =
  | { kind: 'operator'; value: Operator; start: number; end: number }
  /** A keyword, a number or a date: a run of characters that are none of the others'. */
  | { kind: 'word'; value: string; start: number; end: number }
  | { kind: 'colon'; start: number; end: number }
  /** `#Name` or `#Name/Section`, each part bare or quoted. */
  | { kind: 'list'; name: string; section: string | null; start: number; end: number }
  | { kind: 'tag'; name: string; start: number; end: number }
  /** Quoted text where no name was expected. */
  | { kind: 'quoted'; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

/** A query that cannot be read: the parser turns it into its error. */
export class FilterSyntaxError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`${reason} at ${position}`);
  }
}

const OPERATORS = new Set<string>(['&', '|', '!', '(', ')']);

export function isSpace(char: string): boolean {
  return char.trim() === '';
}

/** Characters that end a word. */
function endsWord(char: string): boolean {
  return (
    isSpace(char) ||
    OPERATORS.has(char) ||
    char === '"' ||
    char === ':' ||
    char === '#' ||
    char === '@'
  );
}

/** Characters that end a name written without quotes (`/` too for a list's name). */
function endsName(char: string, slashEnds: boolean): boolean {
  return isSpace(char) || OPERATORS.has(char) || char === '"' || (slashEnds && char === '/');
}

export class Scanner {
  private index = 0;
  private ahead: Token | undefined;

  constructor(readonly query: string) {}

  /** The next token, without taking it. */
  peek(): Token {
    this.ahead ??= this.read();
    return this.ahead;
  }

  /** Takes the next token. */
  next(): Token {
    const token = this.peek();
    this.ahead = undefined;
    return token;
  }

  /** The query's text of a token, shortened for a message. */
  text(token: Token): string {
    const text = this.query.slice(token.start, token.end);
    return text.length > 30 ? `${text.slice(0, 29)}…` : text;
  }

  /**
   * The words of `search:`, read straight after its colon: quoted, or up to the next `&`, `|`,
   * `(` or `)`, without the spaces around them. Answers where they start, too.
   */
  searchText(): { text: string; start: number } {
    if (this.ahead) {
      throw new Error('searchText after a peek');
    }
    this.skipSpaces();
    const start = this.index;
    if (this.query[this.index] === '"') {
      return { text: this.quoted(), start };
    }
    let end = this.index;
    while (this.index < this.query.length) {
      const char = this.query.charAt(this.index);
      if (char === '&' || char === '|' || char === '(' || char === ')') {
        break;
      }
      this.index += 1;
      if (!isSpace(char)) {
        end = this.index;
      }
    }
    return { text: this.query.slice(start, end), start };
  }

  private skipSpaces(): void {
    while (this.index < this.query.length && isSpace(this.query.charAt(this.index))) {
      this.index += 1;
    }
  }

  private read(): Token {
    this.skipSpaces();
    const start = this.index;
    const char = this.query.charAt(start);
    if (start >= this.query.length) {
      return { kind: 'end', start, end: start };
    }
    if (OPERATORS.has(char)) {
      this.index += 1;
      return { kind: 'operator', value: char as Operator, start, end: this.index };
    }
    if (char === ':') {
      this.index += 1;
      return { kind: 'colon', start, end: this.index };
    }
    if (char === '#') {
      this.index += 1;
      const name = this.name('list', true);
      let section: string | null = null;
      if (this.query[this.index] === '/') {
        this.index += 1;
        section = this.name('section', false);
      }
      return { kind: 'list', name, section, start, end: this.index };
    }
    if (char === '@') {
      this.index += 1;
      return { kind: 'tag', name: this.name('tag', false), start, end: this.index };
    }
    if (char === '"') {
      this.quoted();
      return { kind: 'quoted', start, end: this.index };
    }
    while (this.index < this.query.length && !endsWord(this.query.charAt(this.index))) {
      this.index += 1;
    }
    return { kind: 'word', value: this.query.slice(start, this.index), start, end: this.index };
  }

  /** A name after `#`, `/` or `@`: quoted, or up to the next character that ends one. */
  private name(what: 'list' | 'section' | 'tag', slashEnds: boolean): string {
    const start = this.index;
    const after = { list: "'#'", section: "'/'", tag: "'@'" }[what];
    let name: string;
    if (this.query[this.index] === '"') {
      name = this.quoted();
    } else {
      while (
        this.index < this.query.length &&
        !endsName(this.query.charAt(this.index), slashEnds)
      ) {
        this.index += 1;
      }
      name = this.query.slice(start, this.index);
    }
    if (name.trim() === '') {
      throw new FilterSyntaxError(start, `Expected a ${what} name after ${after}`);
    }
    return name;
  }

  /** Text in double quotes, `\"` and `\\` escaped, from the opening quote at the index. */
  private quoted(): string {
    const open = this.index;
    let text = '';
    this.index += 1;
    while (this.index < this.query.length) {
      const char = this.query.charAt(this.index);
      if (char === '"') {
        this.index += 1;
        return text;
      }
      if (char === '\\' && this.index + 1 < this.query.length) {
        this.index += 1;
        text += this.query.charAt(this.index);
      } else {
        text += char;
      }
      this.index += 1;
    }
    throw new FilterSyntaxError(open, 'Unclosed quote');
  }
}
