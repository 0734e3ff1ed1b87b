import { describe, expect, it } from 'vitest';

import {
  blockOf,
  firstFreeStart,
  layoutSpans,
  moveSpan,
  resizeSpan,
  snap,
  spanLabel,
  timelineHours,
} from './timeline-layout';

const span = (id: string, start: string, minutes: number) => {
  const [hours, mins] = start.split(':').map(Number);
  return { id, start: (hours ?? 0) * 60 + (mins ?? 0), minutes };
};
const columnsOf = (spans: ReturnType<typeof span>[]) =>
  Object.fromEntries(
    layoutSpans(spans).map((placed) => [placed.id, `${placed.column + 1}/${placed.columns}`]),
  );

describe('layoutSpans', () => {
  it('gives blocks that do not overlap the whole width, touching ones included', () => {
    expect(columnsOf([span('a', '09:00', 60), span('b', '10:00', 30)])).toEqual({
      a: '1/1',
      b: '1/1',
    });
  });

  it('puts overlapping blocks side by side, sharing the cluster’s column count', () => {
    // a overlaps b and c; b and c do not overlap each other, so c reuses b's column.
    expect(
      columnsOf([
        span('a', '09:00', 120),
        span('b', '09:30', 30),
        span('c', '10:00', 60),
        span('d', '12:00', 30),
      ]),
    ).toEqual({ a: '1/2', b: '2/2', c: '2/2', d: '1/1' });
  });

  it('opens a third column when three overlap at once', () => {
    expect(
      columnsOf([span('a', '09:00', 60), span('b', '09:15', 60), span('c', '09:30', 60)]),
    ).toEqual({ a: '1/3', b: '2/3', c: '3/3' });
  });

  it('keeps a chain of overlaps in one cluster', () => {
    // a–b overlap, b–c overlap, a and c do not: c takes a's freed column, all share 2.
    expect(
      columnsOf([span('a', '09:00', 60), span('b', '09:30', 60), span('c', '10:00', 60)]),
    ).toEqual({ a: '1/2', b: '2/2', c: '1/2' });
  });
});

describe('timelineHours', () => {
  it('runs from the day’s start to its end, in whole hours', () => {
    expect(timelineHours('08:00', '20:00')).toEqual({ first: 8, last: 20 });
    expect(timelineHours('07:30', '19:15')).toEqual({ first: 7, last: 20 });
  });

  it('widens to show a block outside the day', () => {
    expect(
      timelineHours('08:00', '20:00', [span('a', '06:45', 30), span('b', '21:00', 90)]),
    ).toEqual({ first: 6, last: 23 });
  });
});

describe('moving and resizing', () => {
  it('moves by whole steps within the day', () => {
    expect(moveSpan(span('a', '09:00', 60), 15)).toMatchObject({ start: 9 * 60 + 15 });
    expect(moveSpan(span('a', '00:10', 60), -15)).toMatchObject({ start: 0 });
    expect(moveSpan(span('a', '23:00', 60), 15)).toMatchObject({ start: 23 * 60 });
  });

  it('resizes to at least a step and never past midnight', () => {
    expect(resizeSpan(span('a', '09:00', 60), 15)).toMatchObject({ minutes: 75 });
    expect(resizeSpan(span('a', '09:00', 15), -15)).toMatchObject({ minutes: 15 });
    expect(resizeSpan(span('a', '23:30', 15), 60)).toMatchObject({ minutes: 30 });
  });

  it('snaps a dragged distance to 15 minutes', () => {
    expect(snap(7)).toBe(0);
    expect(snap(8)).toBe(15);
    expect(snap(-23)).toBe(-30);
  });

  it('finds the first free slot for a new block', () => {
    const taken = [span('a', '08:00', 60), span('b', '09:30', 30)];
    expect(firstFreeStart(taken, 30, 8 * 60, 20 * 60)).toBe(9 * 60);
    expect(firstFreeStart(taken, 60, 8 * 60, 20 * 60)).toBe(10 * 60);
    // From now (09:05) it rounds up to the next step.
    expect(firstFreeStart([], 30, 9 * 60 + 5, 20 * 60)).toBe(9 * 60 + 15);
  });

  it('speaks the API’s and people’s terms', () => {
    expect(blockOf(span('a', '09:15', 45))).toEqual({ blockStart: '09:15', blockMinutes: 45 });
    expect(spanLabel(span('a', '23:00', 60))).toBe('23:00–24:00');
  });
});
