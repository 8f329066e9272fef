import { describe, expect, it } from 'vitest';
import type { PaymentsPage, PaymentsQuery } from '@pool/contract/money';
import { cachedMoneyReads } from './cached-reads.ts';
import type { MoneyReadService } from './service.ts';
import { changesByHand } from '../../../../test/support/changes-by-hand.ts';

/** Reads that answer the number of loads so far as the page's total and the earned amount. */
function countingReads() {
  const loads = { payments: 0, earned: 0, balance: 0 };
  const reads = {
    payments: async (_kind, _id, query) => {
      loads.payments += 1;
      return { items: [], total: loads.payments, page: query.page, per_page: query.per_page } satisfies PaymentsPage;
    },
    earned: async (_kind, _id) => {
      loads.earned += 1;
      return { amount: loads.earned, since: null };
    },
    balance: async () => {
      loads.balance += 1;
      return { balance: loads.balance, updated_at: null };
    },
    processing: async () => ({ amount: 0, days: [], rate: null, fee_percent: 0 }),
  } satisfies MoneyReadService;
  return { reads, loads };
}

const firstPage: PaymentsQuery = { page: 1, per_page: 20 };
const miner = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02';

describe('money reads remembered until money changes', () => {
  it('loads a page once per account and query until a change is heard', async () => {
    const { changes, change } = changesByHand();
    const { reads, loads } = countingReads();
    const cached = cachedMoneyReads(reads, changes);
    expect((await cached.payments('miner', miner, firstPage)).total).toBe(1);
    expect((await cached.payments('miner', miner, firstPage)).total).toBe(1);
    // Another page, another filter, another account or another kind is another load.
    await cached.payments('miner', miner, { ...firstPage, page: 2 });
    await cached.payments('miner', miner, { ...firstPage, type: ['reward'] });
    await cached.payments('pool', miner, firstPage);
    expect(loads.payments).toBe(4);

    change();
    expect((await cached.payments('miner', miner, firstPage)).total).toBe(5);
  });

  it('shares one load between reads that arrive together, and remembers none under way when a change arrives', async () => {
    const { changes, change } = changesByHand();
    const { reads, loads } = countingReads();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: MoneyReadService = {
      ...reads,
      payments: async (...args) => {
        const page = await reads.payments(...args);
        await held;
        return page;
      },
    };
    const cached = cachedMoneyReads(slow, changes);
    const together = [cached.payments('miner', miner, firstPage), cached.payments('miner', miner, firstPage)];
    change();
    release();
    expect((await Promise.all(together)).map((page) => page.total)).toEqual([1, 1]);
    expect((await cached.payments('miner', miner, firstPage)).total).toBe(2);
    expect(loads.payments).toBe(2);
  });

  it('remembers earnings too, but reads the balance every time', async () => {
    const { changes, change } = changesByHand();
    const { reads, loads } = countingReads();
    const cached = cachedMoneyReads(reads, changes);
    await cached.earned('miner', miner);
    await cached.earned('miner', miner);
    await cached.balance('miner', miner);
    await cached.balance('miner', miner);
    expect(loads).toMatchObject({ earned: 1, balance: 2 });
    change();
    expect((await cached.earned('miner', miner)).amount).toBe(2);
  });

  it('reads the database every time while changes could be missed, and forgets a failed load', async () => {
    const { changes, setLive } = changesByHand();
    const { reads, loads } = countingReads();
    let fail = true;
    const flaky: MoneyReadService = {
      ...reads,
      earned: async (...args) => {
        if (fail) throw new Error('connection reset');
        return reads.earned(...args);
      },
    };
    const cached = cachedMoneyReads(flaky, changes);
    await expect(cached.earned('miner', miner)).rejects.toThrow('connection reset');
    fail = false;
    expect((await cached.earned('miner', miner)).amount).toBe(1);

    setLive(false);
    await cached.payments('miner', miner, firstPage);
    await cached.payments('miner', miner, firstPage);
    expect(loads.payments).toBe(2);
  });
});
