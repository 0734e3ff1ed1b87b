import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';

import { daysBetween } from '../analytics/series';
import { currentStreak, streakItems } from '../analytics/streaks';
import type { Database } from '../db/schema';
import { slicer, wholeSlice } from '../lib/slices';
import { completedTodoPages, completionPages, openTodoPages, type TodoRow } from './data';
import { eachRow } from './pages';
import { focusSection } from './report-focus';
import {
  drawChart,
  heading,
  INK,
  keepPace,
  longDate,
  MARGIN,
  MUTED,
  plural,
} from './report-layout';

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

export interface ReportInput {
  name: string;
  from: string;
  to: string;
  today: string;
  now: Date;
  /** The user's time zone: focus minutes count on the day each session ended in it. */
  zone: string;
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
 * the plans' daily completion as bars, the streaks, the focus minutes per day and the estimates
 * against them (ADR 0032), then the todos completed in the range and the
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
  const days = daysBetween(input.from, input.to);
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
  drawChart(
    doc,
    days.map((day) => ({ day, value: percent.get(day) ?? 0 })),
    { max: 100, label: (level) => `${level}%` },
  );

  heading(doc, 'Streaks');
  doc.text(`Current streak: ${plural(streak, 'day')} of plans in a row up to ${longDate(asOf)}.`);
  for (const item of streaks) {
    doc.text(
      `${item.title} — ${plural(item.streak, 'day')} in a row, done ${plural(item.totalCompletions, 'time')}`,
    );
  }
  await keepPace(doc);

  await focusSection(doc, db, userId, input);

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
