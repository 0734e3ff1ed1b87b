import { FOCUS_MESSAGES, formatMinutes } from '@daywise/shared/focus-messages';
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { focusOverRange } from '../focus/analytics';
import { drawChart, heading, INK, MUTED, plural, shortDate } from './report-layout';

/** The chart's top: an hour, or whole two hours, so that its middle line is in whole hours. */
function scaleTop(peak: number): number {
  return peak <= 60 ? 60 : Math.ceil(peak / 120) * 120;
}

/**
 * The report's focus (ADR 0032): the minutes focused on each day of its range, as bars and as
 * text, and the estimated todos focused on in it against every minute spent on them, the same
 * figures as GET /api/analytics/focus gives for its ranges (`focusOverRange`).
 */
export async function focusSection(
  doc: PDFKit.PDFDocument,
  db: Kysely<Database>,
  userId: string,
  input: { from: string; to: string; zone: string },
): Promise<void> {
  const focus = await focusOverRange(db, userId, { start: input.from, end: input.to }, input.zone);
  const focusedDays = focus.perDay.filter(({ minutes }) => minutes > 0);

  heading(doc, 'Focus');
  if (focusedDays.length === 0) {
    doc.fillColor(MUTED).text('No focus sessions in this range.');
  } else {
    doc
      .fillColor(INK)
      .text(
        `${formatMinutes(focus.totalMinutes)} focused on ${plural(focusedDays.length, 'day')}.`,
      );
    drawChart(
      doc,
      focus.perDay.map(({ day, minutes }) => ({ day, value: minutes })),
      {
        max: scaleTop(Math.max(...focusedDays.map(({ minutes }) => minutes))),
        label: formatMinutes,
      },
    );
    doc.text(
      focusedDays
        .map(({ day, minutes }) => `${shortDate(day)}: ${formatMinutes(minutes)}`)
        .join(' · '),
    );
  }

  heading(doc, 'Estimate vs actual', 11);
  if (focus.estimates.length === 0) {
    doc.fillColor(MUTED).text('No estimated todos focused on in this range.');
    return;
  }
  for (const todo of focus.estimates) {
    doc
      .fillColor(INK)
      .text(
        `${todo.title} — ${FOCUS_MESSAGES.focusTotal(todo.actualMinutes)} of ${formatMinutes(todo.estimateMinutes)} estimated`,
        { paragraphGap: 2 },
      );
  }
}
