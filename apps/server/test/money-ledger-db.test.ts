import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@pool/db/testing';
import { ledgerRepository } from '../src/modules/money/ledger/ledger-repository.ts';
import { miningTestDatabase, type MiningTestDatabase } from './support/mining.ts';

/**
 * The ledger's rules hold in the database itself, whatever code writes to it: these tests write
 * plain SQL on purpose, since the tables and their triggers are what they check.
 */
describe.each(testDatabaseKinds)('the ledger’s rules in the database (%s)', (kind) => {
  let t: MiningTestDatabase;
  let clearing: string;
  let pool: string;
  let miner: string;
  let key = 0;
  const q = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.database.query<Row>(text, params);
  const newTransfer = async (status = 'completed') =>
    (
      await q<{ id: string }>(
        `insert into app.ledger_transfers (idempotency_key, status) values ($1, $2) returning id`,
        [`test:${(key += 1)}`, status],
      )
    )[0]?.id ?? '';
  const legs = (transfer: string, amounts: [string, number][]) =>
    q(
      `insert into app.ledger_entries (transfer_id, account_id, amount, payment_type)
       select $1, account_id, amount, 'reward' from unnest($2::uuid[], $3::bigint[]) as t(account_id, amount)`,
      [transfer, amounts.map(([account]) => account), amounts.map(([, amount]) => amount)],
    );
  const balance = async (account: string) =>
    Number(
      (await q<{ balance: string }>(`select balance::text from app.ledger_accounts where id = $1`, [account]))[0]
        ?.balance,
    );

  beforeAll(async () => {
    t = await miningTestDatabase(kind);
    const owner = await t.factory.newMiner();
    const open = async (kindOf: string, ownerId: string | null, mayGoNegative = false) =>
      (
        await q<{ id: string }>(
          `insert into app.ledger_accounts (kind, owner_id, pool_id, may_go_negative) values ($1, $2, $3, $4) returning id`,
          [kindOf, ownerId, t.pool.id, mayGoNegative],
        )
      )[0]?.id ?? '';
    clearing = await open('reward_clearing', null, true);
    pool = await open('pool', t.pool.id);
    miner = await open('miner', owner.id);
    await legs(await newTransfer(), [
      [clearing, -1000],
      [miner, 900],
      [pool, 100],
    ]);
  });
  afterAll(async () => {
    await t?.database.close();
  });

  it('keeps each balance as the sum of its entries', async () => {
    expect([await balance(clearing), await balance(miner), await balance(pool)]).toEqual([-1000, 900, 100]);
  });

  it('refuses a set of entries that does not sum to zero', async () => {
    await expect(
      legs(await newTransfer(), [
        [clearing, -500],
        [miner, 499],
      ]),
    ).rejects.toThrow(/does not balance/);
    expect(await balance(miner)).toBe(900);
  });

  it('refuses legs added to a transfer by a later statement', async () => {
    const transfer = await newTransfer();
    await legs(transfer, [
      [clearing, -10],
      [miner, 10],
    ]);
    await expect(
      legs(transfer, [
        [clearing, -10],
        [miner, 10],
      ]),
    ).rejects.toThrow(/already has entries/);
    expect(await balance(miner)).toBe(910);
  });

  it('refuses legs of a transfer or on an account that does not exist', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expect(
      legs(nobody, [
        [clearing, -5],
        [miner, 5],
      ]),
    ).rejects.toThrow(/transfer that does not exist/);
    await expect(
      legs(await newTransfer(), [
        [clearing, -5],
        [nobody, 5],
      ]),
    ).rejects.toThrow(/account that does not exist/);
    expect(await balance(miner)).toBe(910);
  });

  it('refuses to update, delete or truncate entries and transfers', async () => {
    await expect(q(`update app.ledger_entries set amount = amount * 2`)).rejects.toThrow(/append-only/);
    await expect(q(`delete from app.ledger_entries`)).rejects.toThrow(/append-only/);
    await expect(q(`truncate app.ledger_entries cascade`)).rejects.toThrow(/append-only/);
    await expect(q(`delete from app.ledger_transfers`)).rejects.toThrow(/append-only/);
    await expect(q(`update app.ledger_transfers set memo = '{}'::jsonb`)).rejects.toThrow(/only a pending status/);
    await expect(q(`update app.ledger_transfers set status = 'canceled'`)).rejects.toThrow(/only a pending status/);
    expect(await balance(miner)).toBe(910);
  });

  it('refuses a balance going negative where it must not, and any balance written by hand', async () => {
    await expect(
      legs(await newTransfer(), [
        [miner, -911],
        [pool, 911],
      ]),
    ).rejects.toThrow(/ledger_accounts_balance_check/);
    await expect(q(`update app.ledger_accounts set balance = 5000 where id = $1`, [miner])).rejects.toThrow(
      /only by entries/,
    );
    await expect(
      q(`insert into app.ledger_accounts (kind, pool_id, balance) values ('unallocated', $1, 7)`, [t.pool.id]),
    ).rejects.toThrow(/zero balance/);
    await expect(
      q(
        `insert into app.ledger_accounts (kind, owner_id, pool_id, may_go_negative) values ('operator', $1, $1, true)`,
        [t.pool.id],
      ),
    ).rejects.toThrow(/ledger_accounts_negative_check/);
    expect(await balance(miner)).toBe(910);
  });

  it('moves a pending transfer to completed, or to canceled which takes its entries back out', async () => {
    const kept = await newTransfer('pending');
    await legs(kept, [
      [miner, -300],
      [pool, 300],
    ]);
    await q(`update app.ledger_transfers set status = 'completed' where id = $1`, [kept]);
    const dropped = await newTransfer('pending');
    await legs(dropped, [
      [miner, -200],
      [pool, 200],
    ]);
    expect(await balance(miner)).toBe(410);
    await q(`update app.ledger_transfers set status = 'canceled' where id = $1`, [dropped]);
    expect(await balance(miner)).toBe(610);
    await expect(
      legs(dropped, [
        [miner, -1],
        [pool, 1],
      ]),
    ).rejects.toThrow();
    await expect(q(`update app.ledger_transfers set status = 'pending' where id = $1`, [dropped])).rejects.toThrow(
      /only a pending status/,
    );
  });

  it('posts a transfer once per idempotency key', async () => {
    const ledger = ledgerRepository(t.database, t.pool.id);
    const transfer = {
      key: 'test:once',
      legs: [
        { account: { kind: 'reward_clearing' as const }, amount: -50n, type: 'reward' as const },
        { account: { kind: 'pool' as const, ownerId: t.pool.id }, amount: 50n, type: 'reward' as const },
      ],
    };
    const first = await ledger.post(transfer);
    expect(await ledger.post(transfer)).toEqual({ id: first.id, created: false });
    expect(first.created).toBe(true);
    expect((await ledger.balanceOf('pool', t.pool.id)).balance).toBe(BigInt(100 + 300 + 50));
  });
});
