import { MESSAGES } from '@daywise/shared';

import { parseArchive } from './daywise-archive';
import type { ParseContext, ParsedImport } from './parsed-import';
import { HEAD, invalidFile } from './read';
import { parseTickTick, tickTickHeaderLine } from './ticktick';
import { parseTodoist } from './todoist';

/**
 * The file's text: strictly UTF-8 (a byte-order mark is dropped), and text at all. Invalid UTF-8
 * with a NUL byte near the start is a binary file, and so is text with many control characters
 * there. A NUL in UTF-8 text is not: the readers take it out (imports/read.ts).
 */
export function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalidFile(
      bytes.subarray(0, HEAD).includes(0) ? MESSAGES.importNotText : MESSAGES.importNotUtf8,
    );
  }
  if (text.trim() === '') {
    throw invalidFile(MESSAGES.importFileEmpty);
  }
  // Control characters other than tab and line ends do not occur in exported text.
  let controls = 0;
  for (const char of text.slice(0, HEAD)) {
    const code = char.charCodeAt(0);
    if (
      code > 0 &&
      code < 0x20 &&
      char !== '\t' &&
      char !== '\n' &&
      char !== '\r' &&
      char !== '\f'
    ) {
      controls += 1;
    }
  }
  if (controls > 4) {
    throw invalidFile(MESSAGES.importNotText);
  }
  return text;
}

/**
 * Reads an uploaded file: its encoding checked, its format detected from its content (a
 * Daywise archive's `format`, Todoist's header row, TickTick's header after its preamble), and
 * its items in Daywise's terms, a slice at a time (ADR 0022). Throws a 400 with a message for the
 * person for any file it cannot read; writes nothing.
 */
export async function parseImport(
  bytes: Buffer,
  fileName: string,
  context: ParseContext,
): Promise<ParsedImport> {
  const text = decodeText(bytes);
  const start = text.trimStart();
  let parsed: ParsedImport;
  if (start.startsWith('{')) {
    parsed = await parseArchive(start);
  } else {
    const firstLine = start.slice(0, HEAD).split(/\r?\n/, 1)[0]?.toUpperCase() ?? '';
    const tickTickLine = tickTickHeaderLine(text);
    if (
      /(^|,)"?TYPE"?,/.test(firstLine) &&
      firstLine.includes('CONTENT') &&
      firstLine.includes('PRIORITY')
    ) {
      parsed = await parseTodoist(text, fileName, context);
    } else if (tickTickLine !== null) {
      parsed = await parseTickTick(text, tickTickLine, context);
    } else {
      throw invalidFile(MESSAGES.importUnknownFormat);
    }
  }
  // An archive without todos still brings back the profile, settings and plans.
  if (parsed.items.length === 0 && !parsed.archive) {
    throw invalidFile(MESSAGES.importNothing);
  }
  return parsed;
}
