import { z } from 'zod';

import { archiveSchema } from '../schemas/archive';
import { reportQuerySchema } from '../schemas/exports';
import { endpoint } from './endpoint';

const tag = 'Your data';

/**
 * /api/exports: the signed-in user's data as downloads (docs/data-archive.md). Each answer is
 * streamed as an attachment with a dated file name, never cached, with the number of items it
 * will hold in the X-Export-Items header (the report has none).
 */
export const exportsApi = {
  archive: endpoint({
    method: 'GET',
    path: '/api/exports/archive',
    summary: 'Everything of yours as one JSON archive (daywise-archive-YYYY-MM-DD.json)',
    tag,
    access: 'user',
    response: archiveSchema,
    responseContent: 'application/json',
    errors: ['RATE_LIMITED'],
  }),
  todos: endpoint({
    method: 'GET',
    path: '/api/exports/todos',
    summary: 'Your todos as CSV, UTF-8 with a byte-order mark (daywise-todos-YYYY-MM-DD.csv)',
    tag,
    access: 'user',
    response: z.string().describe('CSV, one header row, RFC 4180'),
    responseContent: 'text/csv',
    errors: ['RATE_LIMITED'],
  }),
  planTasks: endpoint({
    method: 'GET',
    path: '/api/exports/plan-tasks',
    summary:
      'Your daily-plan tasks as CSV, UTF-8 with a byte-order mark (daywise-plan-tasks-YYYY-MM-DD.csv)',
    tag,
    access: 'user',
    response: z.string().describe('CSV, one header row, RFC 4180'),
    responseContent: 'text/csv',
    errors: ['RATE_LIMITED'],
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/exports/report',
    summary:
      'A PDF report of a range (the last 30 days unless from and to are given, at most 366 days)',
    tag,
    access: 'user',
    query: reportQuerySchema,
    response: z.string().describe('A PDF document'),
    responseContent: 'application/pdf',
    errors: ['RATE_LIMITED'],
  }),
};
