import type { Database } from '@pool/db/database';
import { rewardTerms } from '../modules/money/rewards/terms-repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** The demo pool's default fee, spec 9's example. */
export const demoDefaultFeePercent = 0.9;
/** Bob negotiated his own fee a few days ago. */
export const demoCustomFee = { accountName: 'bob_mining', percentBp: 150, daysAgo: 4, comment: 'Volume discount' };

/**
 * Issue 16: northhash charges its customers its own fees, set ten days ago; the pool keeps its
 * default 0.9 % of each and northhash earns the rest in the daily run.
 */
export const demoOperatorFees = [
  { accountName: 'carol_farm', percentBp: 250, daysAgo: 10, comment: 'Hosting, rack 4' },
  { accountName: 'dave_solo', percentBp: 200, daysAgo: 10, comment: 'Hosting, garage' },
] as const;

/** A small deterministic generator, so every demo gets the same rate history shape. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Half a year of hashprice as the network source would have read it: about 40 to 60 sat per TH/s
 * per day, moving a few percent every three to five days (difficulty adjustments and fees), in
 * millisatoshis. The last one is in force now.
 */
export function demoRateHistory(
  now: number,
): { rateMsat: bigint; effectiveFrom: Date; source: 'network' | 'manual' }[] {
  const random = mulberry32(2140);
  const rates: { rateMsat: bigint; effectiveFrom: Date; source: 'network' | 'manual' }[] = [];
  const today = now - (now % dayMs);
  let rate = 48.2;
  for (let start = today - 182 * dayMs; start <= now; start += (3 + Math.floor(random() * 3)) * dayMs) {
    rate = Math.min(60, Math.max(40, rate * (1 + (random() - 0.5) * 0.08)));
    const at = start + Math.floor(random() * 6) * 60 * 60 * 1000;
    if (at > now) break;
    rates.push({ rateMsat: BigInt(Math.round(rate * 1000)), effectiveFrom: new Date(at), source: 'network' });
  }
  return rates;
}

/**
 * The demo's money terms: the rate history, the pool's default fee and bob's own fee. Seeded
 * with the demo only (an empty database); repeating it after a start that stopped half-way adds
 * nothing twice. The simulated week of shares is credited by the reward scheduler at start.
 */
export async function seedDemoMoney(database: Database, poolId: string, now: number): Promise<void> {
  const terms = rewardTerms(database);
  if ((await terms.rateHistory(1)).length === 0) {
    for (const rate of demoRateHistory(now)) await terms.setRate({ ...rate, setBy: null });
  }
  await terms.setDefaultFeePercent(poolId, demoDefaultFeePercent);
  const [bob] = await database.query<{ id: string }>('select id from app.miners where account_name = $1', [
    demoCustomFee.accountName,
  ]);
  if (bob && (await terms.fees(bob.id)).length === 0) {
    await terms.addFee({
      minerId: bob.id,
      percentBp: demoCustomFee.percentBp,
      startsOn: new Date(now - (now % dayMs) - demoCustomFee.daysAgo * dayMs).toISOString().slice(0, 10),
      comment: demoCustomFee.comment,
      createdBy: null,
    });
  }
  for (const fee of demoOperatorFees) {
    const [customer] = await database.query<{ id: string; operator_id: string | null }>(
      'select id, operator_id from app.miners where account_name = $1',
      [fee.accountName],
    );
    if (!customer?.operator_id) continue;
    const existing = await database.query('select 1 from app.operator_fees where miner_id = $1', [customer.id]);
    if (existing.length > 0) continue;
    await database.query(
      `insert into app.operator_fees (operator_id, miner_id, percent_bp, starts_on, comment) values ($1, $2, $3, $4::date, $5)`,
      [
        customer.operator_id,
        customer.id,
        fee.percentBp,
        new Date(now - (now % dayMs) - fee.daysAgo * dayMs).toISOString().slice(0, 10),
        fee.comment,
      ],
    );
  }
}
