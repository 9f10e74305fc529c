import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('carries the time of making in its first 48 bits', async () => {
    // A module of its own: ids never fall back, so a file before this one in the worker (modules are shared, vitest
    // isolate: false) that set the clock ahead would leave this module's last millisecond in that future.
    vi.resetModules();
    const { newId: freshNewId } = await import('./ids');
    const before = Date.now();
    const ms = parseInt(freshNewId().replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('makes UUIDv7s that rise in the order made, within a millisecond too', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    // 20,000 ids span a few milliseconds at most: many share one, and more than 4,096 would overflow a counter.
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
