import { describe, expect, it } from 'vitest';
import type { Query } from '../../mining/sql.ts';
import { operatorFeeStep } from './operator-steps.ts';

/**
 * The reward run's steps read on its one transaction, and a PostgreSQL client takes one query at
 * a time: node-postgres queues overlapping ones for now, and its next major version refuses them.
 */
describe('the fee steps', () => {
  it('read on the run’s transaction one query at a time', async () => {
    let running = 0;
    let overlapped = 0;
    let queries = 0;
    const query = (async () => {
      queries += 1;
      running += 1;
      if (running > 1) overlapped += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      return [];
    }) as Query;
    const miners = [
      { id: 'miner-1', accountName: 'own_farm', operatorId: null, hashRate: 1e15 },
      { id: 'miner-2', accountName: 'customer_farm', operatorId: 'operator-1', hashRate: 1e15 },
    ];
    // The operator's fee over the promo code over the pool's fee, as the run composes them.
    const step = operatorFeeStep();
    const feeOf = await step({ query, day: '2026-05-04', dayStart: 0, poolId: 'pool', rateMsat: 1n, miners });
    expect(feeOf(miners[1] as (typeof miners)[number], 1_000_000n).fee).toBe(0n);
    expect(queries).toBeGreaterThanOrEqual(4);
    expect(overlapped).toBe(0);
  });
});
