import { describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import type { PayoutRunResult } from '@pool/contract/payouts';
import { payoutJobs } from './payout-jobs.ts';

const noDatabase = {} as Database;

/** The batches' steps, recording their calls in `into`. */
const batchesInto = (into: string[]) => ({
  batchDue: async () => {
    into.push('batch');
    return null;
  },
  broadcastCreated: async () => void into.push('broadcast'),
  pollSent: async () => void into.push('confirmations'),
});
const paid = (day: string): PayoutRunResult => ({ day, paid: 2, total: 300_000 });

describe('the payout jobs', () => {
  it('runs the withdrawal first, reports what it paid, and never runs two ticks at once', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const order: string[] = [];
    const jobs = payoutJobs({
      database: noDatabase,
      poolId: 'pool',
      interval: 0,
      withdrawals: {
        catchUp: async () => {
          calls += 1;
          order.push('withdrawal');
          await new Promise<void>((resolve) => (release = resolve));
          return [paid('2026-05-04')];
        },
      },
      batches: batchesInto(order),
      onPaid: (result) => order.push(`paid ${result.day}`),
    });
    const first = jobs.start();
    const overlapping = jobs.tick();
    expect(calls).toBe(1);
    release();
    await Promise.all([first, overlapping]);
    expect(order).toEqual(['withdrawal', 'paid 2026-05-04', 'batch', 'broadcast', 'confirmations']);
    await jobs.stop();
  });

  it('reports a failed step by name and still runs the steps after it', async () => {
    const errors: string[] = [];
    const ran: string[] = [];
    const jobs = payoutJobs({
      database: noDatabase,
      poolId: 'pool',
      interval: 0,
      withdrawals: {
        catchUp: async () => {
          throw new Error('database away');
        },
      },
      batches: batchesInto(ran),
      onError: (step, error) => errors.push(`${step}: ${(error as Error).message}`),
    });
    await jobs.start();
    await jobs.tick();
    expect(errors).toEqual(['withdrawal: database away', 'withdrawal: database away']);
    expect(ran).toEqual(['batch', 'broadcast', 'confirmations', 'batch', 'broadcast', 'confirmations']);
    await jobs.stop();
  });
});
