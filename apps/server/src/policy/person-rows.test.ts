import { describe, expect, it } from 'vitest';
import { personRows } from './person-rows.ts';

describe('person rows', () => {
  it('writes a person again only after the memo lapsed or when their e-mail changed', async () => {
    const written: string[] = [];
    let now = 0;
    const ensure = personRows(
      {
        ensure: async (userId, email) => {
          written.push(`${userId} ${email}`);
        },
      },
      { memoMs: 1000, clock: () => now },
    );
    await ensure('a', 'a@pool.test');
    await ensure('a', 'a@pool.test');
    await ensure('b', 'b@pool.test');
    await ensure('a', 'new@pool.test');
    now = 999;
    await ensure('b', 'b@pool.test');
    now = 1000;
    await ensure('b', 'b@pool.test');
    expect(written).toEqual(['a a@pool.test', 'b b@pool.test', 'a new@pool.test', 'b b@pool.test']);
  });

  it('writes again after a failed write', async () => {
    let fail = true;
    const calls: string[] = [];
    const ensure = personRows({
      ensure: async (userId) => {
        calls.push(userId);
        if (fail) throw new Error('database down');
      },
    });
    await expect(ensure('a', 'a@pool.test')).rejects.toThrow('database down');
    fail = false;
    await ensure('a', 'a@pool.test');
    expect(calls).toEqual(['a', 'a']);
  });
});
