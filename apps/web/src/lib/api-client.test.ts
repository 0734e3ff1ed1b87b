import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiRequest, idempotencyKeyFor } from './api-client';

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives one key per user action, the same on every retry of it', () => {
    const action = { title: 'Write' };
    const key = idempotencyKeyFor(action);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyFor(action)).toBe(key);
    expect(idempotencyKeyFor({ title: 'Write' })).not.toBe(key);
  });

  it('sends the key as the Idempotency-Key header', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ id: 't1' }, { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/todos', {
      method: 'POST',
      body: { title: 'Write' },
      idempotencyKey: 'k-12345678',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/todos',
      expect.objectContaining({
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-12345678' },
      }),
    );
  });
});
