import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';

import { currentStreak, streakItems } from '../analytics/streaks';
import type { Database } from '../db/schema';
import { slicer, wholeSlice } from '../lib/slices';
import { completedTodoPages, completionPages, openTodoPages, type TodoRow } from './data';
import { eachRow } from './pages';

/**
 * DejaVu Sans from the dejavu-fonts-ttf package, embedded in every report so any script a user
 * types shows as typed. The bundled server (build.mjs) leaves npm packages outside the bundle, so
 * the path resolves from node_modules at run time, in development and in production alike.
 */
const require = createRequire(import.meta.url);
export const REPORT_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

/**
 * Lays out a line in both fonts once, so that the first report of a process does not pay for
 * what pdfkit and fontkit load and V8 compiles on first use (about 100 ms here), in a request
 * (ADR 0022).
 */
export function warmUpReports(): void {
  const doc = new PDFDocument({ size: 'A4', font: REPORT_FONTS.regular });
  doc.registerFont('bold', REPORT_FONTS.bold);
  doc.on('data', () => undefined);
  for (let time = 0; time < 2; time += 1) {
    doc.font('bold').text('Daywise report — Привет мир · Ωμέγα · ქართული · 准备');
    doc.font(REPORT_FONTS.regular).text('○ A todo — due 2026-11-27, high priority');
  }
  doc.end();
}

const MARGIN = 50;
const INK = '#111827';
const MUTED = '#4B5563';
const BAR = '#3B82F6';
const GRID = '#D1D5DB';
/** The document is not let run further ahead of the reader than this. */
const BUFFER_LIMIT = 256 * 1024;

export interface ReportInput {
  name: string;
  from: string;
  to: string;
  today: string;
  now: Date;
}

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let time = Date.parse(`${from}T00:00:00Z`);
    time <= Date.parse(`${to}T00:00:00Z`);
    time += 86_400_000
  ) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Waits while the reader is behind, so the document never piles up in memory. */
async function keepPace(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > BUFFER_LIMIT && !doc.destroyed) {
    await Promise.race([once(doc, 'data'), once(doc, 'close')]);
  }
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  if (doc.y > doc.page.height - MARGIN - 60) {
    doc.addPage();
  }
  doc.moveDown(1).font('bold').fontSize(14).fillColor(INK).text(text).moveDown(0.4);
  doc.font('regular').fontSize(10);
}

/** The plan completion of each day of the range as bars, 0 to 100 %. */
function drawChart(doc: PDFKit.PDFDocument, days: string[], percent: Map<string, number>): void {
  const height = 120;
  if (doc.y + height + 40 > doc.page.height - MARGIN) {
    doc.addPage();
  }
  const left = MARGIN + 30;
  const width = doc.page.width - MARGIN - left;
  const top = doc.y + 6;
  const bottom = top + height;
  doc.font('regular').fontSize(8).fillColor(MUTED);
  for (const level of [0, 50, 100]) {
    const y = bottom - (height * level) / 100;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(GRID)
      .stroke();
    doc.text(`${level}%`, MARGIN - 4, y - 4, { width: 30, align: 'right', lineBreak: false });
  }
  const slot = width / days.length;
  const barWidth = Math.max(slot * 0.7, 0.5);
  days.forEach((day, index) => {
    const value = percent.get(day) ?? 0;
    if (value > 0) {
      const barHeight = (height * Math.min(value, 100)) / 100;
      doc
        .rect(left + index * slot + (slot - barWidth) / 2, bottom - barHeight, barWidth, barHeight)
        .fill(BAR);
    }
  });
  // The first, middle and last days name the axis.
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])];
  doc.fillColor(MUTED);
  for (const index of labelled) {
    const x = left + index * slot + slot / 2 - 30;
    doc.text(shortDate(days[index] ?? ''), x, bottom + 4, {
      width: 60,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.x = MARGIN;
  doc.y = bottom + 20;
  doc.fontSize(10).fillColor(INK);
}

function todoLine(todo: TodoRow, today: string): string {
  const details = [`${todo.priority} priority`];
  if (todo.completed_date) {
    details.unshift(`done ${todo.completed_date}`);
  } else if (todo.due_date) {
    details.unshift(
      todo.due_date < today ? `overdue since ${todo.due_date}` : `due ${todo.due_date}`,
    );
  }
  return `${todo.completed ? '✓' : '○'} ${todo.title} — ${details.join(', ')}`;
}

async function todoList(
  doc: PDFKit.PDFDocument,
  rows: AsyncIterable<TodoRow>,
  today: string,
  empty: string,
): Promise<void> {
  let any = false;
  let written = 0;
  for await (const todo of rows) {
    if (doc.destroyed) {
      return;
    }
    any = true;
    doc.fillColor(INK).text(todoLine(todo, today), { paragraphGap: 2 });
    written += 1;
    if (written % 100 === 0) {
      await keepPace(doc);
    }
  }
  if (!any) {
    doc.fillColor(MUTED).text(empty);
  }
}

/**
 * The PDF report of a range (docs/data-archive.md, "Other exports"): title and range, a summary,
 * the plans' daily completion as bars, the streaks, then the todos completed in the range and the
 * ones open at its end. pdfkit writes each page out when the next begins, and the todos are read
 * page by page while the reply is sent.
 */
export function reportPdf(db: Kysely<Database>, userId: string, input: ReportInput): Readable {
  const out = new PassThrough();
  const write = async () => {
    // A document's start reads and parses its fonts, tens of milliseconds that cannot be cut:
    // reports asked for at once start one a turn (ADR 0022).
    await wholeSlice();
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      font: REPORT_FONTS.regular,
      info: {
        Title: `Daywise report, ${input.from} to ${input.to}`,
        Author: input.name,
        Creator: 'Daywise',
      },
    });
    doc.registerFont('regular', REPORT_FONTS.regular);
    doc.registerFont('bold', REPORT_FONTS.bold);
    // A reader gone (the client hung up) ends the document, and a failed document the reply.
    pipeline(doc, out).catch(() => undefined);
    await writeReport(doc, db, userId, input);
    doc.end();
  };
  write().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

/** The report's content, written into `doc` as its rows are read. */
async function writeReport(
  doc: PDFKit.PDFDocument,
  db: Kysely<Database>,
  userId: string,
  input: ReportInput,
): Promise<void> {
  // One slicer for the whole document: reading rows, laying out their text (pdfkit is
  // synchronous) and writing it out take turns with other requests (ADR 0022).
  const pause = slicer();
  const asOf = input.to < input.today ? input.to : input.today;
  const days = daysOf(input.from, input.to);
  const percent = new Map<string, number>();
  let planDays = 0;
  let percentSum = 0;
  for await (const row of eachRow(completionPages(db, userId, input), pause)) {
    percent.set(row.date, Number(row.completion_percentage));
    planDays += 1;
    percentSum += Number(row.completion_percentage);
  }
  const [streak, streaks] = await Promise.all([
    currentStreak(db, userId, asOf),
    streakItems(db, userId, asOf),
  ]);

  doc.font('bold').fontSize(22).fillColor(INK).text('Daywise report');
  doc.font('regular').fontSize(12).fillColor(MUTED).text(input.name);
  doc.text(`${longDate(input.from)} – ${longDate(input.to)}`);
  doc.fontSize(9).text(`Made on ${input.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`);

  heading(doc, 'Plan completion');
  doc.text(
    planDays === 0
      ? 'No daily plans in this range.'
      : `${plural(planDays, 'day')} with a plan, ${Math.round(percentSum / planDays)}% of tasks done on average.`,
  );
  drawChart(doc, days, percent);

  heading(doc, 'Streaks');
  doc.text(`Current streak: ${plural(streak, 'day')} of plans in a row up to ${longDate(asOf)}.`);
  for (const item of streaks) {
    doc.text(
      `${item.title} — ${plural(item.streak, 'day')} in a row, done ${plural(item.totalCompletions, 'time')}`,
    );
  }
  await keepPace(doc);

  heading(doc, 'Completed todos');
  await todoList(
    doc,
    eachRow(completedTodoPages(db, userId, input.from, input.to), pause),
    input.today,
    'No todos completed in this range.',
  );
  heading(doc, 'Open todos');
  await todoList(
    doc,
    eachRow(openTodoPages(db, userId, input.to), pause),
    input.today,
    'No open todos.',
  );
}
