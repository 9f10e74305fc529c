import { describe, expect, it } from 'vitest';
import { settle, turnBatch } from './turn-batch';

describe('turnBatch', () => {
  it('hands the calls of one turn to one flush and answers each its own; a later turn is a new batch', async () => {
    const batches: number[][] = [];
    const double = turnBatch<number, number>((items) => {
      batches.push(items);
      return Promise.resolve(
        items.map((n) => (n < 0 ? { ok: false, error: new Error(`negative ${n}`) } : { ok: true, value: n * 2 })),
      );
    });
    const first = [double(1), double(2), double(-3)];
    await expect(first[0]).resolves.toBe(2);
    await expect(first[1]).resolves.toBe(4);
    await expect(first[2]).rejects.toThrow('negative -3');
    await expect(double(5)).resolves.toBe(10);
    expect(batches).toEqual([[1, 2, -3], [5]]);
  });

  it('fails every call of a batch whose flush throws, and a call the flush left unanswered', async () => {
    const failing = turnBatch<number, number>(() => Promise.reject(new Error('database gone')));
    await expect(Promise.allSettled([failing(1), failing(2)])).resolves.toMatchObject([
      { status: 'rejected', reason: { message: 'database gone' } },
      { status: 'rejected', reason: { message: 'database gone' } },
    ]);
    const short = turnBatch<number, number>(() => Promise.resolve([{ ok: true, value: 1 }]));
    const [one, two] = [short(1), short(2)];
    await expect(one).resolves.toBe(1);
    await expect(two).rejects.toThrow(/fewer items/);
  });

  it('settle catches what a function throws as its error', () => {
    expect(settle(() => 1)).toEqual({ ok: true, value: 1 });
    expect(
      settle(() => {
        throw new Error('no');
      }),
    ).toMatchObject({ ok: false, error: { message: 'no' } });
  });
});
