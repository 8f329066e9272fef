import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { miningWriteRepository } from '../src/modules/mining/engine/write-repository.ts';
import { feeAfterPromo } from '../src/modules/money/rewards/sharing-steps.ts';
import { dayMs, dayOf, rewardRun, type RewardRun } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import type { TestMiner } from './support/factory.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';

/**
 * Issue 15: reward runs with random promo codes, referrals, profit splits and virtual-mining
 * contracts. The ledger stays at zero, the fee stays within [0, gross] and never above the fee
 * before the code, a referrer gets its percent of the pool's fee and never more, and no recipient
 * of a donor gets more than the donor's net.
 */

const tera = 1e12;
const miners = 4;
const days = 4;
const hour = 60 * 60 * 1000;

type Command =
  | { kind: 'mine'; day: number; miner: number; terahashes: number }
  | { kind: 'fee'; miner: number; day: number; percentBp: number }
  | {
      kind: 'promo';
      miner: number;
      day: number;
      feeType: 'absolute' | 'relative';
      feeBp: number;
      length: number | null;
    }
  | { kind: 'referral'; referrer: number; referred: number; percentBp: number; length: number }
  | { kind: 'split'; donor: number; recipient: number; percentBp: number; day: number }
  | { kind: 'contract'; donor: number; recipient: number; share: number; day: number }
  | { kind: 'run'; day: number };

const miner = fc.nat(miners - 1);
const day = fc.nat(days - 1);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('mine' as const),
      day,
      miner,
      terahashes: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fee' as const),
      miner,
      day,
      percentBp: fc.integer({ min: 0, max: 10_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('promo' as const),
      miner,
      day,
      feeType: fc.constantFrom('absolute' as const, 'relative' as const),
      feeBp: fc.integer({ min: 0, max: 10_000 }),
      length: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('referral' as const),
      referrer: miner,
      referred: miner,
      percentBp: fc.integer({ min: 0, max: 10_000 }),
      length: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('split' as const),
      donor: miner,
      recipient: miner,
      // Any percent, so that the database may hold more than 100 % in all: the run must still cap.
      percentBp: fc.integer({ min: 1, max: 10_000 }),
      day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('contract' as const),
      donor: miner,
      recipient: miner,
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      day,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('run' as const), day }) },
);

const everyKindOnce: Command[] = [
  { kind: 'mine', day: 0, miner: 0, terahashes: 1200 },
  { kind: 'mine', day: 0, miner: 1, terahashes: 800 },
  { kind: 'mine', day: 0, miner: 2, terahashes: 500 },
  { kind: 'promo', miner: 0, day: 0, feeType: 'relative', feeBp: 5_000, length: null },
  { kind: 'referral', referrer: 1, referred: 2, percentBp: 2_000, length: 4 },
  { kind: 'split', donor: 0, recipient: 3, percentBp: 3_000, day: 0 },
  { kind: 'run', day: 0 },
];

describe('the fee after a promo code', () => {
  it('stays within [0, fee before] for any gross, fee and code', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('absolute' as const, 'relative' as const),
        fc.integer({ min: 0, max: 10_000 }),
        (gross, feeBp, feeType, promoBp) => {
          const before = { feeBp, fee: (gross * BigInt(feeBp)) / 10_000n };
          const after = feeAfterPromo(gross, before, { feeType, feeBp: promoBp });
          expect(after.fee >= 0n && after.fee <= before.fee && after.fee <= gross).toBe(true);
          expect(after.feeBp).toBeGreaterThanOrEqual(0);
          expect(after.feeBp).toBeLessThanOrEqual(feeBp);
        },
      ),
    );
  });
});

describe.each(testDatabaseKinds)('sharing properties on %s', (kind) => {
  let t: MoneyTestBed;
  let run: RewardRun;
  let window = 0;
  let promoted = 0;
  let referred = 0;
  let splitDays = 0;

  beforeAll(async () => {
    t = await moneyTestBed(kind, '2031-01-01T12:00:00Z');
    const terms = rewardTerms(t.database);
    await terms.setDefaultFeePercent(t.pool.id, 2.5);
    await terms.setRate({
      rateMsat: 52_000n,
      source: 'network',
      effectiveFrom: new Date('2025-12-01T00:00:00Z'),
      setBy: null,
    });
    run = rewardRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 3, instance: 'sharing' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the ledger at zero, the fee within [0, gross], referrers within the pool fee and recipients within the net', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 24 }), async (sequence) => {
        window += 1;
        const base = Date.parse('2026-03-01T00:00:00Z') + window * (days + 3) * dayMs;
        const dayText = (index: number) => dayOf(base + index * dayMs);
        const accounts: TestMiner[] = [];
        for (let n = 0; n < miners; n += 1) accounts.push(await t.factory.newMiner());
        const ran = new Set<number>();
        const commands: Command[] = [
          ...sequence,
          ...Array.from({ length: days }, (_, index): Command => ({ kind: 'run', day: index })),
        ];
        for (const step of commands) {
          switch (step.kind) {
            case 'mine': {
              if (ran.has(step.day)) break;
              const account = accounts[step.miner];
              if (account) await t.mine(dayText(step.day), { [account.accountName]: step.terahashes * tera });
              break;
            }
            case 'fee': {
              const account = accounts[step.miner];
              if (!account) break;
              await t.database.query(
                'insert into app.fees (miner_id, percent_bp, starts_on) values ($1, $2, $3::date)',
                [account.id, step.percentBp, dayText(step.day)],
              );
              break;
            }
            case 'promo': {
              const account = accounts[step.miner];
              if (!account) break;
              const [code] = await t.database.query<{ id: string }>(
                `insert into app.promo_codes (pool_id, code, status, type, fee_type, fee_bp, effective_from, duration_days)
                 values ($1, $2, 'active', 'universal', $3, $4, now(), $5) returning id`,
                [
                  t.pool.id,
                  `P${window}x${Math.random().toString(36).slice(2, 10)}`,
                  step.feeType,
                  step.feeBp,
                  step.length,
                ],
              );
              await t.database.query(
                `insert into app.promo_code_uses (promo_code_id, miner_id, starts_on, ends_on)
                 values ($1, $2, $3::date, $4::date)`,
                [
                  code?.id,
                  account.id,
                  dayText(step.day),
                  step.length === null ? null : dayText(step.day + step.length),
                ],
              );
              break;
            }
            case 'referral': {
              const referrer = accounts[step.referrer];
              const account = accounts[step.referred];
              if (!referrer || !account || referrer === account) break;
              const [code] = await t.database.query<{ id: string }>(
                `insert into app.referrer_codes (miner_id, code) values ($1, $2) returning id`,
                [referrer.id, `r${window}${Math.random().toString(36).slice(2, 12)}`],
              );
              await t.database.query(
                `insert into app.referrals (referred_miner_id, referrer_code_id, referrer_miner_id, percent_bp, starts_on, ends_on)
                 values ($1, $2, $3, $4, $5::date, $6::date) on conflict do nothing`,
                [account.id, code?.id, referrer.id, step.percentBp, dayText(0), dayText(step.length)],
              );
              break;
            }
            case 'split': {
              const donor = accounts[step.donor];
              const recipient = accounts[step.recipient];
              if (!donor || !recipient || donor === recipient) break;
              await t.database.query(
                `insert into app.profit_splits (donor_miner_id, recipient_miner_id, percent_bp, starts_on)
                 values ($1, $2, $3, $4::date)`,
                [donor.id, recipient.id, step.percentBp, dayText(step.day)],
              );
              break;
            }
            case 'contract': {
              const donor = accounts[step.donor];
              const recipient = accounts[step.recipient];
              if (!donor || !recipient || donor === recipient) break;
              await miningWriteRepository(t.database).addContract({
                donorMinerId: donor.id,
                recipientMinerId: recipient.id,
                hashRateShare: step.share,
                fixedHashRate: null,
                startsAt: base + step.day * dayMs + 3 * hour,
                endsAt: null,
              });
              break;
            }
            case 'run': {
              if (ran.has(step.day)) break;
              await run.runRewardDay(dayText(step.day));
              ran.add(step.day);
              break;
            }
          }
        }
        expect(await ledgerInvariants(t)).toEqual({
          unbalanced: [],
          drifted: [],
          negative: [],
          total: 0n,
          doubled: [],
        });

        const ids = accounts.map((account) => account.id);
        const breakdowns = await t.database.query<{
          miner_id: string;
          day: string;
          gross: string;
          fee: string;
          fee_before: string | null;
          net: string;
          shared: string;
        }>(
          `select miner_id, day::text as day, gross::text, fee::text, fee_before::text, net::text, shared::text
           from app.reward_breakdowns where miner_id = any($1::uuid[])`,
          [ids],
        );
        const moves = await t.database.query<{
          kind: string;
          donor: string;
          day: string;
          amount: string;
          pool_fee: string | null;
          percent_bp: number | null;
        }>(
          `select t.memo->>'kind' as kind, coalesce(t.memo->>'donor_miner_id', t.memo->>'referred_miner_id') as donor,
             t.memo->>'day' as day, e.amount::text as amount, t.memo->>'pool_fee' as pool_fee,
             (t.memo->>'percent_bp')::int as percent_bp
           from app.ledger_transfers t join app.ledger_entries e on e.transfer_id = t.id and e.amount > 0
           where t.memo->>'kind' in ('virtual_mining', 'profit_split', 'referral')
             and coalesce(t.memo->>'donor_miner_id', t.memo->>'referred_miner_id') = any($1::text[])`,
          [ids],
        );
        for (const row of breakdowns) {
          const gross = BigInt(row.gross);
          const fee = BigInt(row.fee);
          expect(fee >= 0n && fee <= gross).toBe(true);
          if (row.fee_before !== null) {
            promoted += 1;
            expect(fee <= BigInt(row.fee_before)).toBe(true);
          }
          const out = moves.filter((move) => move.donor === row.miner_id && move.day === row.day);
          const splitOut = out.filter((move) => move.kind !== 'referral');
          if (splitOut.some((move) => move.kind === 'profit_split')) splitDays += 1;
          // What left the donor is exactly the breakdown's shared, never more than its net.
          const given = splitOut.reduce((sum, move) => sum + BigInt(move.amount), 0n);
          expect(given).toBe(BigInt(row.shared));
          expect(given <= BigInt(row.net)).toBe(true);
          for (const move of splitOut) expect(BigInt(move.amount) <= BigInt(row.net)).toBe(true);
          // The referrer's share is its percent of the pool's fee, out of that fee, never the miner's.
          for (const move of out.filter((entry) => entry.kind === 'referral')) {
            referred += 1;
            expect(BigInt(move.pool_fee ?? -1)).toBe(fee);
            expect(BigInt(move.amount)).toBe((fee * BigInt(move.percent_bp ?? 0)) / 10_000n);
            expect(BigInt(move.amount) <= fee).toBe(true);
          }
        }
      }),
      // Random sequences reach a promo code, a referral or a split on a mined day only now and then,
      // so one known sequence that reaches all three runs first, every time.
      { numRuns: 20, examples: [[everyKindOnce]] },
    );
    // The properties were checked on promo codes, referrals and splits that did move money.
    expect(promoted).toBeGreaterThan(0);
    expect(referred).toBeGreaterThan(0);
    expect(splitDays).toBeGreaterThan(0);
  }, 300_000);
});
