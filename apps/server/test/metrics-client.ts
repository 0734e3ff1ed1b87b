import { expect } from 'vitest';

import type { AppInstance } from '../src/lib/app-instance';

/** A METRICS_TOKEN for tests (32 characters or more). */
export const METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

/** Scrapes `/metrics` as Prometheus would, with the token; fails the test unless it answers 200. */
export async function scrape(app: AppInstance): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The value of one series, written as Prometheus writes it (`name{label="value",...}`). */
export function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
