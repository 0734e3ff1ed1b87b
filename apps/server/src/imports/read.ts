import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import {
  DEFAULT_TAG_COLOR,
  IMPORT_MAX_ROWS,
  MESSAGES,
  TAG_COLORS,
  TODO_LIMITS,
} from '@daywise/shared';
import { type ImportProblem, PLAN_LIMITS } from '@daywise/shared/schemas';
import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { parse as csvParser } from 'csv-parse';

import { ApiError } from '../lib/errors';
import { slicer } from '../lib/slices';
import { tagNameKey } from '../plans/tags';

/**
 * Reading an uploaded file's text on the request thread without holding it (ADR 0022): the text
 * goes to the CSV or JSON parser a chunk at a time, and other requests run between chunks and
 * between rows. Text enters Daywise here, so here NUL characters are taken out (PostgreSQL cannot
 * store them, ADR 0016) and every cell is clipped before anything reads it.
 */

/** How much text a parser reads in one go. */
const CHUNK_CHARS = 16 * 1024;

/**
 * The longest cell kept, in UTF-16 code units: a title too long for a title becomes the
 * description, which keeps at most TODO_LIMITS.descriptionMax characters (each one or two code
 * units), so nothing longer can matter. Bounding every cell bounds every later step's work.
 */
export const CELL_MAX = 2 * TODO_LIMITS.descriptionMax;

export function invalidFile(message: string, cause?: unknown): ApiError {
  return new ApiError('IMPORT_FILE_INVALID', message, { file: message }, cause);
}

function tooManyRows(): ApiError {
  return invalidFile(MESSAGES.importTooManyRows(IMPORT_MAX_ROWS));
}

/** The text without U+0000, which no Daywise text may hold. */
export function withoutNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '') : text;
}

/** Where the text may be cut before `end`: not between the two halves of a surrogate pair. */
function cutBefore(text: string, end: number): number {
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** The first `max` code units of the text, never ending in half a surrogate pair. */
export function clip(text: string, max = CELL_MAX): string {
  return text.length <= max ? text : text.slice(0, cutBefore(text, max));
}

/*
 * What comes before or after a keyword, found by a plain search. A regex such as /from (.+)$/
 * backtracks over the rest of the text at every place the keyword occurs: quadratic in a cell
 * that repeats it (ADR 0022).
 */

/** The text after the first match of `keyword`, or undefined. */
export function after(text: string, keyword: RegExp): string | undefined {
  const found = keyword.exec(text);
  return found ? text.slice(found.index + found[0].length) : undefined;
}

/** The text before the first match of `keyword`, or all of it. */
export function before(text: string, keyword: RegExp): string {
  const found = keyword.exec(text);
  return found ? text.slice(0, found.index) : text;
}

/** The text in pieces of about CHUNK_CHARS, none splitting a surrogate pair. */
function* chunksOf(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    const end = cutBefore(text, Math.min(start + CHUNK_CHARS, text.length));
    yield text.slice(start, end);
    start = end;
  }
}

export interface CsvRow {
  /** The cells, NUL taken out and each at most CELL_MAX code units. */
  record: string[];
  /** The file's line the record ends on. */
  line: number;
}

/**
 * A CSV file's records from `fromLine` on, parsed a chunk at a time (csv-parse's stream API) and
 * handed out one by one, with a chance for other requests to run between them. More than the
 * header and IMPORT_MAX_ROWS rows, or broken quoting, is the file's fault: a 400.
 */
export async function* csvRows(text: string, fromLine = 1): AsyncGenerator<CsvRow> {
  const source = Readable.from(chunksOf(text));
  const parser = source.pipe(
    csvParser({
      from_line: fromLine,
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
      // Cells are text: nothing is cast, evaluated or trimmed by the parser.
      cast: false,
    }),
  );
  const pause = slicer();
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      count += 1;
      if (count > IMPORT_MAX_ROWS + 1) {
        throw tooManyRows();
      }
      yield { record: record.map((cell) => clip(withoutNul(cell))), line: info.lines };
      await pause();
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw error;
    }
    throw invalidFile(MESSAGES.importBadCsv, error);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * A JSON document parsed a chunk at a time (@streamparser/json): JSON.parse would take the whole
 * file in one call, and a file made of millions of tiny values takes it seconds. Every string
 * comes out without NUL, which JSON may carry escaped as \u0000. Text that is not one JSON value
 * is refused with `notJson`.
 */
export async function readJson(text: string, notJson: string): Promise<unknown> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$'] });
  tokenizer.onToken = (token) => {
    parser.write(
      token.token === TokenType.STRING && typeof token.value === 'string'
        ? { ...token, value: withoutNul(token.value) }
        : token,
    );
  };
  // Wired as the library's own JSONParser wires the two.
  tokenizer.onEnd = () => {
    if (!parser.isEnded) {
      parser.end();
    }
  };
  parser.onEnd = () => {
    if (!tokenizer.isEnded) {
      tokenizer.end();
    }
  };
  let root: unknown;
  parser.onValue = ({ value }) => {
    root = value;
  };
  const pause = slicer();
  try {
    for (const chunk of chunksOf(text)) {
      tokenizer.write(chunk);
      await pause();
    }
    if (!tokenizer.isEnded) {
      tokenizer.end();
    }
  } catch (error) {
    throw invalidFile(notJson, error);
  }
  if (root === undefined) {
    throw invalidFile(notJson);
  }
  return root;
}

/** Where a binary file shows itself: its first bytes. */
export const HEAD = 8192;

/*
 * Cells made to fit Daywise, shared by every file's reader.
 */

export function sourceKey(...parts: (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Cuts a text to `max` characters without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  return Array.from(clip(text, 2 * max))
    .slice(0, max)
    .join('');
}

/** A cell as a problem line quotes it: at most 80 characters. */
export function quote(text: string): string {
  const short = cut(text, 80);
  return short.length < text.length ? `${short}…` : short;
}

/** Keeps a title within the limit; a longer one keeps its whole text in the description. */
export function fitText(
  item: { title: string; description: string },
  row: number,
  problems: ImportProblem[],
): { title: string; description: string } {
  // Clipped first: no later step then costs more than a few thousand characters' work.
  let title = clip(item.title).replace(/\s+/g, ' ').trim();
  let description = clip(item.description).trim();
  if (Array.from(title).length > TODO_LIMITS.titleMax) {
    description = description ? `${title}\n\n${description}` : title;
    title = `${cut(title, TODO_LIMITS.titleMax - 1)}…`;
    problems.push({ row, message: `Title shortened to ${TODO_LIMITS.titleMax} characters` });
  }
  if (Array.from(description).length > TODO_LIMITS.descriptionMax) {
    description = cut(description, TODO_LIMITS.descriptionMax);
    problems.push({
      row,
      message: `Description shortened to ${TODO_LIMITS.descriptionMax} characters`,
    });
  }
  return { title, description };
}

/** Tag names made to fit: trimmed, at most the tag name length, each once, at most ten. */
export function fitTags(names: string[], row: number, problems: ImportProblem[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of names) {
    const name = cut(clip(raw).replace(/\s+/g, ' ').trim(), PLAN_LIMITS.tagNameMax).trim();
    const key = name.normalize('NFKC').toLocaleLowerCase('und');
    if (name && !seen.has(key)) {
      seen.add(key);
      tags.push(name);
    }
  }
  if (tags.length > TODO_LIMITS.tagsMax) {
    problems.push({
      row,
      message: `Only the first ${TODO_LIMITS.tagsMax} of its ${tags.length} tags kept`,
    });
    return tags.slice(0, TODO_LIMITS.tagsMax);
  }
  return tags;
}

/**
 * Colours for the tags a file names, the tag picker's own (TAG_COLORS) in the order the file first
 * names them, round again after the last, so that imported tags tell apart (issue 31). Names that
 * are one tag (tagNameKey) share a colour. A tag the user has already keeps its colour: the import
 * creates only the tags the user lacks (write-batch.ts).
 */
export function tagPalette(): {
  colors: Map<string, string>;
  /** Gives each name not seen before the next colour. */
  add: (names: readonly string[]) => void;
} {
  const colors = new Map<string, string>();
  const byKey = new Map<string, string>();
  return {
    colors,
    add: (names) => {
      for (const name of names) {
        if (colors.has(name)) {
          continue;
        }
        const key = tagNameKey(name);
        const color =
          byKey.get(key) ?? TAG_COLORS[byKey.size % TAG_COLORS.length] ?? DEFAULT_TAG_COLOR;
        byKey.set(key, color);
        colors.set(name, color);
      }
    },
  };
}

/**
 * Shows an instant's date and time in a zone (a RangeError for a zone Intl does not know). Made
 * once per zone of a file: making one costs more than reading a row.
 */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** An instant's date and time as a zone's format shows them: { date: YYYY-MM-DD, time: HH:MM }. */
export function localParts(
  instant: Date,
  format: Intl.DateTimeFormat,
): { date: string; time: string } {
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

export function columnsOf(header: string[]): Map<string, number> {
  return new Map(header.map((name, index) => [name.trim().toUpperCase(), index]));
}

/**
 * An item's source key from its identity in the file and how many items with that identity came
 * before it, so that two identical rows stay two items, and importing the file again finds both.
 */
export function countedSourceKey(
  source: string,
  identity: (string | null)[],
  seen: Map<string, number>,
): string {
  const identityKey = JSON.stringify(identity);
  const occurrence = (seen.get(identityKey) ?? 0) + 1;
  seen.set(identityKey, occurrence);
  return sourceKey(source, ...identity, occurrence);
}
