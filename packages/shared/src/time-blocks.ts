/*
 * Time blocks (issue 33, ADR 0031 "Time blocks"): a plan task or a todo given a start time and a
 * length on a day. Zod-free, so that the timeline checks a move without loading the schemas; the
 * server applies the same rules (`blockProblem`) to what a write leaves.
 */

/** The shortest block, in minutes. */
export const BLOCK_MINUTES_MIN = 5;
/** The longest block: a whole day, in minutes (it must still end by midnight). */
export const BLOCK_MINUTES_MAX = 24 * 60;
/** A drag or an arrow key moves or resizes a block by this many minutes. */
export const BLOCK_STEP_MINUTES = 15;
/** A block given from 'Schedule' lasts this long unless changed. */
export const BLOCK_DEFAULT_MINUTES = 30;

export const BLOCK_MESSAGES = {
  startInvalid: 'Please enter a valid start time in HH:MM format',
  minutesInvalid: `A time block lasts a whole number of minutes, from ${BLOCK_MINUTES_MIN} to ${BLOCK_MINUTES_MAX.toLocaleString('en-US')}`,
  endsAfterMidnight: 'A time block must end by midnight of its day',
  needsStart: 'A time block needs a start time',
  needsMinutes: 'A time block needs a duration',
  needsDate: 'A time block on a todo needs a day (blockDate)',
  dateWithoutBlock: 'A block day needs a start time and a duration',
  /** The web's toast when a block's move or resize is refused. */
  updateFailed: 'Failed to update the time block',
} as const;

/** A block as kept: its start, HH:MM, and its length in minutes. */
export interface TimeBlock {
  start: string;
  minutes: number;
}

/** Minutes since midnight of a time HH:MM. */
export function minutesOfClock(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The time HH:MM that many minutes after midnight (0 to 1439). */
export function clockOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Where a block ends, HH:MM ('24:00' for one ending at midnight). */
export function blockEnd(block: TimeBlock): string {
  const end = minutesOfClock(block.start) + block.minutes;
  return end >= 24 * 60 ? '24:00' : clockOfMinutes(end);
}

/** What is wrong with a block's start and length, the field to name and why, or null. */
export function blockProblem(
  start: string | null,
  minutes: number | null,
): { field: 'blockStart' | 'blockMinutes'; message: string } | null {
  if (start === null && minutes === null) {
    return null;
  }
  if (start === null) {
    return { field: 'blockStart', message: BLOCK_MESSAGES.needsStart };
  }
  if (minutes === null) {
    return { field: 'blockMinutes', message: BLOCK_MESSAGES.needsMinutes };
  }
  if (minutesOfClock(start) + minutes > 24 * 60) {
    return { field: 'blockMinutes', message: BLOCK_MESSAGES.endsAfterMidnight };
  }
  return null;
}
