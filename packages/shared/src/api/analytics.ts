import {
  chartDataSchema,
  chartQuerySchema,
  completionDaysSchema,
  dashboardSummarySchema,
  planAnalyticsSchema,
  rangeQuerySchema,
} from '../schemas/analytics';
import { endpoint } from './endpoint';

const tag = 'Analytics';

/** Read-only figures of the signed-in user, "today" counted in their time zone. */
export const analyticsApi = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/analytics/dashboard',
    summary: "The dashboard's cards and daily streaks",
    tag,
    access: 'user',
    response: dashboardSummarySchema,
    errors: [],
  }),
  chart: endpoint({
    method: 'GET',
    path: '/api/analytics/chart',
    summary: 'Completed todos and tasks per day, week or month of a period',
    tag,
    access: 'user',
    query: chartQuerySchema,
    response: chartDataSchema,
    errors: [],
  }),
  plans: endpoint({
    method: 'GET',
    path: '/api/analytics/plans',
    summary: 'The Daily Goals analytics over a range of days',
    tag,
    access: 'user',
    query: rangeQuerySchema,
    response: planAnalyticsSchema,
    errors: [],
  }),
  completions: endpoint({
    method: 'GET',
    path: '/api/completions',
    summary: 'The days of a range that have a plan, with their completion',
    tag,
    access: 'user',
    query: rangeQuerySchema,
    response: completionDaysSchema,
    errors: [],
  }),
};
