import { once } from 'node:events';

/*
 * What the PDF report's sections share (docs/data-archive.md, "Other exports"): its page
 * geometry, colours, dates, headings and bar charts.
 */

export const MARGIN = 50;
export const INK = '#111827';
export const MUTED = '#4B5563';
const BAR = '#3B82F6';
const GRID = '#D1D5DB';
/** The document is not let run further ahead of the reader than this. */
const BUFFER_LIMIT = 256 * 1024;

export const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Waits while the reader is behind, so the document never piles up in memory. */
export async function keepPace(doc: PDFKit.PDFDocument): Promise<void> {
  while (doc.readableLength > BUFFER_LIMIT && !doc.destroyed) {
    await Promise.race([once(doc, 'data'), once(doc, 'close')]);
  }
}

export function heading(doc: PDFKit.PDFDocument, text: string, size = 14): void {
  if (doc.y > doc.page.height - MARGIN - 60) {
    doc.addPage();
  }
  doc
    .moveDown(size < 14 ? 0.6 : 1)
    .font('bold')
    .fontSize(size)
    .fillColor(INK)
    .text(text)
    .moveDown(0.4);
  doc.font('regular').fontSize(10);
}

/** A bar chart's vertical axis: its top value and how a value on it is written. */
export interface ChartScale {
  max: number;
  label: (value: number) => string;
}

/** One bar a day of the range, from 0 to the scale's top, named by its first, middle and last day. */
export function drawChart(
  doc: PDFKit.PDFDocument,
  bars: { day: string; value: number }[],
  scale: ChartScale,
): void {
  const height = 120;
  if (doc.y + height + 40 > doc.page.height - MARGIN) {
    doc.addPage();
  }
  const left = MARGIN + 30;
  const width = doc.page.width - MARGIN - left;
  const top = doc.y + 6;
  const bottom = top + height;
  doc.font('regular').fontSize(8).fillColor(MUTED);
  for (const level of [0, scale.max / 2, scale.max]) {
    const y = bottom - (height * level) / scale.max;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(GRID)
      .stroke();
    doc.text(scale.label(level), MARGIN - 4, y - 4, {
      width: 30,
      align: 'right',
      lineBreak: false,
    });
  }
  const slot = width / bars.length;
  const barWidth = Math.max(slot * 0.7, 0.5);
  bars.forEach(({ value }, index) => {
    if (value > 0) {
      const barHeight = (height * Math.min(value, scale.max)) / scale.max;
      doc
        .rect(left + index * slot + (slot - barWidth) / 2, bottom - barHeight, barWidth, barHeight)
        .fill(BAR);
    }
  });
  const labelled = [...new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1])];
  doc.fillColor(MUTED);
  for (const index of labelled) {
    const x = left + index * slot + slot / 2 - 30;
    doc.text(shortDate(bars[index]?.day ?? ''), x, bottom + 4, {
      width: 60,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.x = MARGIN;
  doc.y = bottom + 20;
  doc.fontSize(10).fillColor(INK);
}
