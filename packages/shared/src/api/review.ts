import { z } from 'zod';

import {
  reviewRescheduledSchema,
  reviewRescheduleSchema,
  reviewSchema,
  reviewUndoSchema,
} from '../schemas/review';
import { endpoint } from './endpoint';

const tag = 'Review';

/** /api/review: the end-of-day review of the user's today (issue 33, ADR 0033). */
export const reviewApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/review',
    summary: "Today's review: what was done, what was not, the completions and the streak",
    tag,
    access: 'user',
    response: reviewSchema,
    errors: [],
  }),
  reschedule: endpoint({
    method: 'POST',
    path: '/api/review/reschedule',
    summary: 'Move unfinished todos and tasks to a day, or drop them, all at once',
    tag,
    access: 'user',
    body: reviewRescheduleSchema,
    response: reviewRescheduledSchema,
    errors: ['NOT_FOUND'],
  }),
  undo: endpoint({
    method: 'POST',
    path: '/api/review/undo',
    summary: 'Put back what a reschedule moved or dropped',
    tag,
    access: 'user',
    body: reviewUndoSchema,
    response: z.object({ restored: z.number().int() }),
    errors: ['NOT_FOUND'],
  }),
};
