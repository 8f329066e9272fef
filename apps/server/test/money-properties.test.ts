import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { miningWriteRepository } from '../src/modules/mining/engine/write-repository.ts';
import { dayMs, dayOf, grossOf, rewardRun, startOf, type RewardRun } from '../src/modules/money/rewards/reward-run.ts';
import { rewardTerms, type RewardTerms } from '../src/modules/money/rewards/terms-repository.ts';
import { refundUnallocated } from '../src/modules/money/rewards/unallocated.ts';
import type { TestMiner } from './support/factory.ts';
import { ledgerInvariants, moneyTestBed, type MoneyTestBed } from './support/money.ts';

/**
 * Random sequences of what happens to money: mining, rate changes, fee changes, contracts,
 * deleted miners, reward runs (also two at once and again), refunds of unallocated funds. After
 * each sequence the ledger must sum to zero, every balance must equal its entries, no miner may be
 * credited twice for a day, and every reward must follow the rate and fee a model says were in force.
 */

const tera = 1e12;
const miners = 4;
const days = 6;
const hour = 60 * 60 * 1000;

type Command =
  | { kind: 'mine'; day: number; miner: number; terahashes: number }
  | { kind: 'mineUnknown'; day: number; terahashes: number }
  | { kind: 'rate'; day: number; hours: number; rateMsat: number }
  | { kind: 'fee'; miner: number; day: number; percentBp: number }
  | {
      kind: 'contract';
      donor: number;
      recipient: number;
      share: number | null;
      fixed: number | null;
      day: number;
      length: number | null;
    }
  | { kind: 'delete'; miner: number }
  | { kind: 'run'; day: number; twice: boolean }
  | { kind: 'refund'; pick: number; to: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('mine' as const),
      day: fc.nat(days - 1),
      miner: fc.nat(miners - 1),
      terahashes: fc.integer({ min: 1, max: 2000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('mineUnknown' as const),
      day: fc.nat(days - 1),
      terahashes: fc.integer({ min: 1, max: 500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      day: fc.nat(days - 1),
      hours: fc.nat(23),
      rateMsat: fc.integer({ min: 30_000, max: 70_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fee' as const),
      miner: fc.nat(miners - 1),
      day: fc.nat(days - 1),
      percentBp: fc.integer({ min: 0, max: 10_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('contract' as const),
      donor: fc.nat(miners - 1),
      recipient: fc.nat(miners - 1),
      share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
      fixed: fc.option(
        fc.integer({ min: 0, max: 3000 }).map((value) => value * tera),
        { nil: null },
      ),
      day: fc.nat(days - 1),
      length: fc.option(fc.integer({ min: 1, max: 72 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), miner: fc.nat(miners - 1) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('run' as const), day: fc.nat(days - 1), twice: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(20), to: fc.nat(miners - 1) }),
  },
);

describe.each(testDatabaseKinds)('money properties on %s', (kind) => {
  let t: MoneyTestBed;
  let terms: RewardTerms;
  let run: RewardRun;
  let second: RewardRun;
  /** The rates ever set, in order: the model of the rate in force. */
  const rates: { rateMsat: bigint; from: number }[] = [];
  /** Each sequence gets days of its own, after the last sequence's. */
  let window = 0;
  let checked = 0;

  beforeAll(async () => {
    t = await moneyTestBed(kind, '2030-01-01T12:00:00Z');
    terms = rewardTerms(t.database);
    await terms.setDefaultFeePercent(t.pool.id, 0.9);
    const first = { rateMsat: 45_000n, from: Date.parse('2025-12-01T00:00:00Z') };
    await terms.setRate({
      rateMsat: first.rateMsat,
      source: 'network',
      effectiveFrom: new Date(first.from),
      setBy: null,
    });
    rates.push(first);
    run = rewardRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 2, instance: 'one' });
    second = rewardRun({ database: t.database, poolId: t.pool.id, clock: t.clock.now, chunkSize: 3, instance: 'two' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rateAt = (time: number): bigint => {
    let found: bigint | undefined;
    for (const rate of rates) if (rate.from <= time) found = rate.rateMsat;
    if (found === undefined) throw new Error('no rate in the model');
    return found;
  };

  it('keeps the ledger balanced, balances equal to entries, and every miner-day credited once, as the terms say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (sequence) => {
        window += 1;
        const base = Date.parse('2026-01-01T00:00:00Z') + window * (days + 4) * dayMs;
        const day = (index: number) => dayOf(base + index * dayMs);
        const accounts: TestMiner[] = [];
        for (let n = 0; n < miners; n += 1) accounts.push(await t.factory.newMiner());
        const unknown = `ghost_${window}`;
        const fees = new Map<string, { startsOn: string; percentBp: number }[]>();
        const deleted = new Set<string>();
        const ran = new Set<number>();
        const work = new Map<string, number>();
        const refunded = new Set<string>();

        // Every day is run at the end too, so that each sequence's work is credited and checked.
        const commands: Command[] = [
          ...sequence,
          ...Array.from({ length: days }, (_, index): Command => ({ kind: 'run', day: index, twice: index % 2 === 0 })),
        ];
        for (const step of commands) {
          switch (step.kind) {
            case 'mine':
            case 'mineUnknown': {
              if (ran.has(step.day)) break; // work arrives before its day is credited
              const account = step.kind === 'mine' ? accounts[step.miner] : undefined;
              if (account && deleted.has(account.id)) break;
              const name = account ? account.accountName : unknown;
              await t.mine(day(step.day), { [name]: step.terahashes * tera });
              work.set(`${name}/${step.day}`, (work.get(`${name}/${step.day}`) ?? 0) + step.terahashes * tera);
              break;
            }
            case 'rate': {
              const from = base + step.day * dayMs + step.hours * hour;
              await terms.setRate({
                rateMsat: BigInt(step.rateMsat),
                source: 'manual',
                effectiveFrom: new Date(from),
                setBy: null,
              });
              rates.push({ rateMsat: BigInt(step.rateMsat), from });
              rates.sort((a, b) => a.from - b.from);
              break;
            }
            case 'fee': {
              const miner = accounts[step.miner];
              if (!miner) break;
              await terms.addFee({
                minerId: miner.id,
                percentBp: step.percentBp,
                startsOn: day(step.day),
                comment: null,
                createdBy: null,
              });
              fees.set(miner.id, [
                ...(fees.get(miner.id) ?? []),
                { startsOn: day(step.day), percentBp: step.percentBp },
              ]);
              break;
            }
            case 'contract': {
              const donor = accounts[step.donor];
              const recipient = accounts[step.recipient];
              if (!donor || !recipient || donor === recipient || (step.share === null) === (step.fixed === null)) break;
              const startsAt = base + step.day * dayMs + 6 * hour;
              await miningWriteRepository(t.database).addContract({
                donorMinerId: donor.id,
                recipientMinerId: recipient.id,
                hashRateShare: step.share,
                fixedHashRate: step.fixed,
                startsAt,
                endsAt: step.length === null ? null : startsAt + step.length * hour,
              });
              break;
            }
            case 'delete': {
              const miner = accounts[step.miner];
              if (!miner) break;
              await t.factory.repositories.accounts.deleteMiner(miner.id);
              deleted.add(miner.id);
              break;
            }
            case 'run': {
              const attempts = step.twice
                ? [run.runRewardDay(day(step.day)), second.runRewardDay(day(step.day))]
                : [run.runRewardDay(day(step.day))];
              const outcomes = await Promise.allSettled(attempts);
              for (const outcome of outcomes) {
                if (outcome.status === 'rejected') {
                  expect(outcome.reason).toMatchObject({ code: 'reward_already_processed' });
                }
              }
              if (ran.has(step.day)) {
                // Done before: nothing more is credited, whatever changed since.
                expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
                break;
              }
              expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
              ran.add(step.day);
              // The model: each live miner who mined is credited at the rate at the day's start and the fee in force.
              const rows = await t.database.query<{
                miner_id: string;
                gross: string;
                fee_bp: number;
                fee: string;
                net: string;
                shared: string;
              }>(
                `select miner_id, gross::text, fee_bp, fee::text, net::text, shared::text from app.reward_breakdowns
                 where day = $1 and miner_id = any($2::uuid[])`,
                [day(step.day), accounts.map((account) => account.id)],
              );
              const rateMsat = rateAt(startOf(day(step.day)));
              for (const account of accounts) {
                const hashRate = work.get(`${account.accountName}/${step.day}`) ?? 0;
                const gross = grossOf(hashRate, rateMsat);
                const row = rows.find((entry) => entry.miner_id === account.id);
                if (deleted.has(account.id) || gross === 0n) {
                  expect(row).toBeUndefined();
                  continue;
                }
                const own = (fees.get(account.id) ?? []).filter((fee) => fee.startsOn <= day(step.day));
                const feeBp =
                  own.length > 0
                    ? own.reduce((latest, fee) => (fee.startsOn >= latest.startsOn ? fee : latest)).percentBp
                    : 90;
                // The computed hashrate is the engine's sum back to H/s: allow a satoshi of float rounding.
                expect(Number(BigInt(row?.gross ?? -1) - gross)).toBeGreaterThanOrEqual(-1);
                expect(Number(BigInt(row?.gross ?? -1) - gross)).toBeLessThanOrEqual(1);
                checked += 1;
                expect(row?.fee_bp).toBe(feeBp);
                expect(BigInt(row?.fee ?? 0)).toBe((BigInt(row?.gross ?? 0) * BigInt(feeBp)) / 10_000n);
                expect(BigInt(row?.shared ?? 0)).toBeLessThanOrEqual(BigInt(row?.net ?? 0));
              }
              break;
            }
            case 'refund': {
              const open = await t.database.query<{ transfer_id: string }>(
                `select transfer_id from app.unallocated_funds where day between $1 and $2 order by transfer_id`,
                [day(0), day(days - 1)],
              );
              const fund = open[step.pick % Math.max(1, open.length)];
              const miner = accounts[step.to];
              if (!fund || !miner) break;
              const outcome = await refundUnallocated(t.database, t.pool.id, {
                transferId: fund.transfer_id,
                minerId: miner.id,
                by: null,
              }).then(
                () => 'refunded',
                (error: unknown) => (error as { code?: string }).code,
              );
              expect(outcome).toBe(refunded.has(fund.transfer_id) ? 'transaction_already_refunded' : 'refunded');
              refunded.add(fund.transfer_id);
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
        // What contracts moved: the donors' shared amounts are exactly what recipients received.
        const [moved] = await t.database.query<{ shared: string | null; received: string | null }>(
          `select (select sum(shared) from app.reward_breakdowns)::text as shared,
             (select sum(amount) from app.ledger_entries where payment_type = 'virtual_mining_reward')::text as received`,
        );
        expect(BigInt(moved?.shared ?? 0)).toBe(BigInt(moved?.received ?? 0));
      }),
      { numRuns: 25 },
    );
    // The model was compared with real rewards, not only with absent ones.
    expect(checked).toBeGreaterThan(5);
  }, 300_000);
});
