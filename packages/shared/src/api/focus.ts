import {
  focusAnalyticsQuerySchema,
  focusAnalyticsSchema,
  focusCurrentSchema,
  focusStartSchema,
  focusTimerSchema,
} from '../schemas/focus';
import { endpoint } from './endpoint';

const tag = 'Focus';

/** A change to the timer: it answers the timer as it is after it. */
function timerChange(path: `/api/focus/${string}`, summary: string) {
  return endpoint({
    method: 'POST',
    path,
    summary,
    tag,
    access: 'user',
    response: focusTimerSchema,
    errors: ['CONFLICT'],
  });
}

/**
 * /api/focus: the signed-in user's one focus timer (ADR 0032). The server keeps the time by its
 * own clock; every change reaches the user's other tabs and devices as `focus.changed`.
 */
export const focusApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/focus',
    summary: 'The focus timer, or null',
    tag,
    access: 'user',
    response: focusCurrentSchema,
    errors: [],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/focus/start',
    summary: 'Start focusing on a todo or a plan task (replaces the timer, recording its focus)',
    tag,
    access: 'user',
    body: focusStartSchema,
    response: focusTimerSchema,
    errors: ['NOT_FOUND'],
  }),
  pause: timerChange('/api/focus/pause', 'Pause the timer'),
  resume: timerChange('/api/focus/resume', 'Resume the paused timer'),
  skip: timerChange('/api/focus/skip', 'End the phase now and go to the next one'),
  stop: endpoint({
    method: 'POST',
    path: '/api/focus/stop',
    summary: 'Stop the timer, recording the minutes focused',
    tag,
    access: 'user',
    status: 204,
    response: null,
    errors: ['CONFLICT'],
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/api/analytics/focus',
    summary: 'Focus minutes per day and estimate against actual over a range of days',
    tag: 'Analytics',
    access: 'user',
    query: focusAnalyticsQuerySchema,
    response: focusAnalyticsSchema,
    errors: [],
  }),
};
