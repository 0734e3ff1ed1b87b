import { describe, expect, it, vi } from 'vitest';

import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('fetches once for every caller, and keeps what came', async () => {
    const fetchModule = vi.fn(() => Promise.resolve({ name: 'dialogs' }));
    const dialogs = loadOnce(fetchModule);
    expect(dialogs.loaded()).toBeUndefined();

    const [first, second] = await Promise.all([dialogs.load(), dialogs.load()]);
    expect(first).toBe(second);
    expect(dialogs.loaded()).toBe(first);
    await dialogs.load();
    expect(fetchModule).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next call fetches again', async () => {
    const fetchModule = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('parser');
    const parser = loadOnce(fetchModule);

    await expect(parser.load()).rejects.toThrow('Failed to fetch');
    expect(parser.loaded()).toBeUndefined();
    await expect(parser.load()).resolves.toBe('parser');
    expect(parser.loaded()).toBe('parser');
    expect(fetchModule).toHaveBeenCalledTimes(2);
  });

  it('prefetches once the user is there and the browser idle, and not once cancelled', async () => {
    vi.useFakeTimers();
    try {
      const kept = vi.fn(() => Promise.resolve('kept'));
      const cancelled = vi.fn(() => Promise.resolve('cancelled'));
      loadOnce(kept).prefetchOnceActive();
      const cancel = loadOnce(cancelled).prefetchOnceActive();
      cancel();
      // A page only looked at fetches nothing.
      await vi.runAllTimersAsync();
      expect(kept).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pointermove'));
      window.dispatchEvent(new Event('keydown'));
      await vi.runAllTimersAsync();
      expect(kept).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
