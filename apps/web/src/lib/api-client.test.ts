import { describe, expect, it } from 'vitest';

import { fakeApi, jsonResponse } from '../test/fake-api';
import { apiRequest, idempotencyKeyFor } from './api-client';

describe('idempotency keys', () => {
  it('gives one key per user action, the same on every retry of it', () => {
    const action = { title: 'Write' };
    const key = idempotencyKeyFor(action);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyFor(action)).toBe(key);
    expect(idempotencyKeyFor({ title: 'Write' })).not.toBe(key);
  });

  it('sends the key as the Idempotency-Key header', async () => {
    const api = fakeApi().route('POST', '/api/todos', () => jsonResponse({ id: 't1' }, 201));
    await apiRequest('/api/todos', {
      method: 'POST',
      body: { title: 'Write' },
      idempotencyKey: 'k-12345678',
    });
    expect(api.fetch).toHaveBeenCalledWith(
      '/api/todos',
      expect.objectContaining({
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-12345678' },
      }),
    );
  });
});
