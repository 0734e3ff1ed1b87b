import {
  BLOCK_MINUTES_MAX,
  BLOCK_STEP_MINUTES,
  clockOfMinutes,
  minutesOfClock,
} from '@daywise/shared';

/*
 * The day timeline's geometry (ADR 0031, Time blocks), pure so it is tested alone: which hours a
 * timeline shows, where a block sits, how blocks that overlap share the width side by side, and
 * how a move or a resize by drag or key changes a block, clamped to its day.
 */

const DAY_MINUTES = 24 * 60;

/** A block as the timeline places it: start and length in minutes from midnight. */
export interface Span {
  id: string;
  start: number;
  minutes: number;
}

/** A block's place across the width: its column of `columns` side by side. */
export interface Placed extends Span {
  column: number;
  columns: number;
}

/**
 * The hours a timeline shows: from the hour of the day's start to the hour its end falls in (or
 * the next, when it is not on the hour), widened to every block given so none is out of sight.
 */
export function timelineHours(
  dayStart: string,
  dayEnd: string,
  spans: readonly Pick<Span, 'start' | 'minutes'>[] = [],
): { first: number; last: number } {
  let first = Math.floor(minutesOfClock(dayStart) / 60);
  let last = Math.ceil(minutesOfClock(dayEnd) / 60);
  for (const span of spans) {
    first = Math.min(first, Math.floor(span.start / 60));
    last = Math.max(last, Math.ceil((span.start + span.minutes) / 60));
  }
  return { first, last: Math.max(last, first + 1) };
}

/**
 * Places overlapping blocks side by side: blocks sorted by start (then the longer first) are
 * grouped into clusters that overlap one another in a chain; in a cluster each block takes the
 * first column free at its start, and every block of the cluster shares its column count. Blocks
 * that only touch (one ends as the next starts) do not overlap.
 */
export function layoutSpans(spans: readonly Span[]): Placed[] {
  const sorted = [...spans].sort(
    (a, b) => a.start - b.start || b.minutes - a.minutes || a.id.localeCompare(b.id),
  );
  const placed: Placed[] = [];
  let cluster: Placed[] = [];
  /** When each column of the current cluster is free again. */
  let columnsEnd: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const item of cluster) {
      item.columns = columnsEnd.length;
    }
    placed.push(...cluster);
    cluster = [];
    columnsEnd = [];
  };
  for (const span of sorted) {
    if (span.start >= clusterEnd) {
      close();
    }
    const end = span.start + span.minutes;
    let column = columnsEnd.findIndex((free) => free <= span.start);
    if (column === -1) {
      column = columnsEnd.length;
      columnsEnd.push(end);
    } else {
      columnsEnd[column] = end;
    }
    cluster.push({ ...span, column, columns: 0 });
    clusterEnd = Math.max(clusterEnd, end);
  }
  close();
  return placed;
}

/** `minutes` rounded to the nearest step. */
export function snap(minutes: number, step = BLOCK_STEP_MINUTES): number {
  return Math.round(minutes / step) * step;
}

/** The block moved by `delta` minutes, kept within its day. */
export function moveSpan<T extends Pick<Span, 'start' | 'minutes'>>(span: T, delta: number): T {
  const start = Math.min(Math.max(span.start + delta, 0), DAY_MINUTES - span.minutes);
  return { ...span, start };
}

/**
 * The block made `delta` minutes longer or shorter, at least one step and ending by midnight
 * (within BLOCK_MINUTES_MAX).
 */
export function resizeSpan<T extends Pick<Span, 'start' | 'minutes'>>(span: T, delta: number): T {
  const longest = Math.min(BLOCK_MINUTES_MAX, DAY_MINUTES - span.start);
  const minutes = Math.min(Math.max(span.minutes + delta, BLOCK_STEP_MINUTES), longest);
  return { ...span, minutes };
}

/**
 * Where a new block of `minutes` goes on a day: the first step from `from` (the day's start, or
 * now on today) that no block overlaps, before the day's end; the day's start when none is free.
 */
export function firstFreeStart(
  spans: readonly Pick<Span, 'start' | 'minutes'>[],
  minutes: number,
  from: number,
  dayEnd: number,
): number {
  const step = BLOCK_STEP_MINUTES;
  for (let start = Math.ceil(from / step) * step; start + minutes <= dayEnd; start += step) {
    const end = start + minutes;
    if (!spans.some((span) => span.start < end && start < span.start + span.minutes)) {
      return start;
    }
  }
  return Math.min(from, DAY_MINUTES - minutes);
}

/** A block's start and length as the API takes them. */
export function blockOf(span: Pick<Span, 'start' | 'minutes'>): {
  blockStart: string;
  blockMinutes: number;
} {
  return { blockStart: clockOfMinutes(span.start), blockMinutes: span.minutes };
}

/** A time range as people read it: '09:00–10:30'. */
export function spanLabel(span: Pick<Span, 'start' | 'minutes'>): string {
  const end = span.start + span.minutes;
  return `${clockOfMinutes(span.start)}–${end >= DAY_MINUTES ? '24:00' : clockOfMinutes(end)}`;
}
