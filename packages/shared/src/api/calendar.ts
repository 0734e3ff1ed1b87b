import { z } from 'zod';

import { calendarFeedParams, calendarFeedSchema, filterFeedParams } from '../schemas/calendar';
import { endpoint } from './endpoint';
import { idParams } from './params';

const tag = 'Calendar feed';

/**
 * The private iCalendar feed (issue 16): its settings, cookie-only as they hold its secret, and
 * the feed itself, which calendar apps fetch without a cookie.
 */
export const calendarApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/calendar-feed',
    summary: 'Whether the calendar feed is on, and its address',
    tag,
    access: 'user',
    cookieOnly: true,
    response: calendarFeedSchema,
    errors: [],
  }),
  rotate: endpoint({
    method: 'POST',
    path: '/api/calendar-feed/rotate',
    summary: 'Turn the feed on at a new address; any earlier address stops working',
    tag,
    access: 'user',
    cookieOnly: true,
    response: calendarFeedSchema,
    errors: [],
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/api/calendar-feed',
    summary: 'Turn the feed off; its address stops working',
    tag,
    access: 'user',
    cookieOnly: true,
    response: calendarFeedSchema,
    errors: [],
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/calendar/:userId/:token.ics',
    summary:
      'The iCalendar feed (RFC 5545): todos with due dates as all-day events, plan tasks with ' +
      'times as timed events in UTC, from 90 days ago to a year ahead. The address is the ' +
      'secret: a wrong or rotated one is 404.',
    tag,
    access: 'public',
    params: calendarFeedParams,
    response: z.string().describe('An iCalendar document (VCALENDAR)'),
    responseContent: 'text/calendar',
    errors: ['NOT_FOUND'],
  }),
  filterGet: endpoint({
    method: 'GET',
    path: '/api/calendar-feed/filters/:id',
    summary:
      "The address of a saved filter's feed: on while the calendar feed is on, changing when " +
      'its address does',
    tag,
    access: 'user',
    cookieOnly: true,
    params: idParams,
    response: calendarFeedSchema,
    errors: ['NOT_FOUND'],
  }),
  filterFeed: endpoint({
    method: 'GET',
    path: '/api/calendar/:userId/filters/:filterId/:token.ics',
    summary:
      "A saved filter's iCalendar feed: the todos its query matches, with due dates from 90 " +
      'days ago to a year ahead, as all-day events. The address is the secret: a wrong or ' +
      "rotated one, or a deleted filter's, is 404.",
    tag,
    access: 'public',
    params: filterFeedParams,
    response: z.string().describe('An iCalendar document (VCALENDAR)'),
    responseContent: 'text/calendar',
    errors: ['NOT_FOUND'],
  }),
};
