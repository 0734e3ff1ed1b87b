import { BLOCK_MESSAGES, blockProblem } from '@daywise/shared';

import { ApiError } from '../lib/errors';
import type { TodoRow } from './todo-fields';

/*
 * A todo's time block as a write sets it (ADR 0031, Time blocks): its day, start and length,
 * all three or none. The day is the block's own: a todo scheduled into a block keeps its due
 * date, and moving the block never moves the due date.
 */

/** What a write may say about the block; a field left out is kept (or, on a create, none). */
export interface BlockInput {
  blockDate?: string | null;
  blockStart?: string | null;
  blockMinutes?: number | null;
}

export type BlockColumns = Pick<TodoRow, 'block_date' | 'block_start' | 'block_minutes'>;

const NO_BLOCK: BlockColumns = { block_date: null, block_start: null, block_minutes: null };

function refused(field: keyof BlockInput, message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', message, { [field]: message });
}

const FIELDS = ['blockDate', 'blockStart', 'blockMinutes'] as const;

/**
 * The block columns a write gives the todo `current` (null for a new one), or a 400 naming the
 * field. A null in any of the three clears the block, unless the same write sets another of them
 * (which would say two things at once); otherwise what the write leaves must be whole (a day, a
 * start and a length) and end by midnight of its day.
 */
export function blockColumns(current: TodoRow | null, input: BlockInput): BlockColumns | null {
  const sent = FIELDS.filter((field) => input[field] !== undefined);
  if (sent.length === 0) {
    return null;
  }
  const cleared = sent.filter((field) => input[field] === null);
  if (cleared.length > 0) {
    const set = sent.find((field) => input[field] !== null);
    if (set) {
      const field = cleared[0] ?? 'blockStart';
      throw refused(
        field,
        field === 'blockDate'
          ? BLOCK_MESSAGES.needsDate
          : field === 'blockStart'
            ? BLOCK_MESSAGES.needsStart
            : BLOCK_MESSAGES.needsMinutes,
      );
    }
    return NO_BLOCK;
  }
  const merged = {
    date: input.blockDate !== undefined ? input.blockDate : (current?.block_date ?? null),
    start: input.blockStart !== undefined ? input.blockStart : (current?.block_start ?? null),
    minutes:
      input.blockMinutes !== undefined ? input.blockMinutes : (current?.block_minutes ?? null),
  };
  const problem = blockProblem(merged.start, merged.minutes);
  if (problem) {
    throw refused(problem.field, problem.message);
  }
  if (merged.date === null) {
    throw refused('blockDate', BLOCK_MESSAGES.needsDate);
  }
  return { block_date: merged.date, block_start: merged.start, block_minutes: merged.minutes };
}
