import * as contract from '@daywise/shared/api';
import { type Endpoint, endpointPath } from '@daywise/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, SAME_ORIGIN, type TestApp } from '../../test/helpers';

/** Every endpoint the contract declares, wherever it is grouped. */
function contractEndpoints(value: unknown, found = new Set<Endpoint>()): Set<Endpoint> {
  if (typeof value !== 'object' || value === null) {
    return found;
  }
  if ('method' in value && 'path' in value && 'summary' in value) {
    found.add(value as Endpoint);
    return found;
  }
  for (const inner of Object.values(value)) {
    contractEndpoints(inner, found);
  }
  return found;
}

/** A value each path parameter accepts, so that only the query string is wrong. */
function pathOf(endpoint: Endpoint): string {
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [
      name!,
      name === 'date' ? '2026-11-21' : 'some-id',
    ]),
  );
  return endpointPath(endpoint, params);
}

// One engine is enough: the refusal happens before any handler reads the database.
describe('unknown query parameters', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(() => ctx.close());

  const endpoints = [...contractEndpoints(contract)];

  it('finds the whole contract', () => {
    expect(endpoints.length).toBeGreaterThan(60);
  });

  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers 400 naming the parameter',
    async (_, endpoint) => {
      const response = await ctx.app.inject({
        method: endpoint.method,
        url: `${pathOf(endpoint)}?state=pending`,
        headers: SAME_ORIGIN,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Unknown query parameter: state',
          fields: { state: 'Unknown query parameter' },
        },
      });
    },
  );

  it('names every unknown parameter and keeps the known ones', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/todos?status=pending&state=pending&sortBy=due',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Unknown query parameters: state, sortBy',
    );
  });
});
