import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { testDatabaseKinds } from '@pool/db/testing';
import { accountAccess, type AccountAccess } from '../src/policy/account-access.ts';
import {
  migratedTestDatabase,
  testFactory,
  type TestFactory,
  type TestMiner,
  type TestOperator,
  type TestPerson,
} from './support/factory.ts';

describe.each(testDatabaseKinds)('account grants on %s', (kind) => {
  let database: Database;
  let factory: TestFactory;
  let access: AccountAccess;
  let alices: TestMiner;
  let bobs: TestMiner;
  let operator: TestOperator;
  /** The operator's two customers. */
  let customers: TestMiner[];
  /** The pool's admin, and the platform's. */
  let staff: TestPerson;
  let platformAdmin: TestPerson;

  beforeAll(async () => {
    database = await migratedTestDatabase(kind);
    factory = await testFactory(database);
    alices = await factory.newMiner();
    bobs = await factory.newMiner();
    operator = await factory.newOperator();
    customers = [await factory.newMiner({ operator }), await factory.newMiner({ operator })];
    staff = await factory.newPerson();
    await factory.grant(staff, factory.pool, 'admin');
    platformAdmin = await factory.newPerson();
    await factory.grant(platformAdmin, factory.platform, 'admin');
    access = accountAccess(factory.repositories.access);
  });
  afterAll(async () => database?.close());

  it("gives a miner's owner every section of their own account and nothing on another miner", async () => {
    const own = await access.grantOn(alices.owner.id, { kind: 'miner', id: alices.id });
    expect(own).toMatchObject({ via: 'miner', role: 'owner', access: { type: 'other' } });
    expect(await access.grantOn(alices.owner.id, { kind: 'miner', id: bobs.id })).toBeUndefined();
  });

  it('reaches every miner of the pool from a pool permission, as a pool-type role', async () => {
    for (const { id } of [alices, bobs, ...customers]) {
      expect(await access.grantOn(staff.id, { kind: 'miner', id })).toMatchObject({
        via: 'pool',
        access: { type: 'pool' },
      });
    }
    expect(await access.grantOn(staff.id, { kind: 'operator', id: operator.id })).toMatchObject({ via: 'pool' });
    expect(await access.grantOn(staff.id, { kind: 'pool', id: factory.pool.id })).toMatchObject({ via: 'pool' });
  });

  it("reaches an operator's customers from the operator, and no other miner", async () => {
    for (const { id } of customers) {
      expect(await access.grantOn(operator.owner.id, { kind: 'miner', id })).toMatchObject({ via: 'operator' });
    }
    expect(await access.grantOn(operator.owner.id, { kind: 'miner', id: alices.id })).toBeUndefined();
    expect(await access.grantOn(operator.owner.id, { kind: 'pool', id: factory.pool.id })).toBeUndefined();
  });

  it('finding 1: lists every grant that reaches an account, and answers a managing one first', async () => {
    // Someone owns their miner and is also a viewer on the pool: the pool grant sees every section,
    // yet only their own permission manages their miner.
    const own = await factory.newMiner();
    await factory.grant(own.owner, factory.pool, 'viewer');
    const ref = { kind: 'miner', id: own.id } as const;
    expect((await access.grantsOn(own.owner.id, ref)).map(({ via, role }) => ({ via, role }))).toEqual([
      { via: 'pool', role: 'viewer' },
      { via: 'miner', role: 'owner' },
    ]);
    expect(await access.grantOn(own.owner.id, ref)).toMatchObject({ via: 'miner', role: 'owner' });
    expect(await access.grantOn(own.owner.id, { kind: 'miner', id: bobs.id })).toMatchObject({
      via: 'pool',
      role: 'viewer',
    });
  });

  it('gives a platform administrator no account grant, and nobody a grant on a malformed or unknown id', async () => {
    expect(await access.grantOn(platformAdmin.id, { kind: 'miner', id: alices.id })).toBeUndefined();
    expect(await access.grantOn(staff.id, { kind: 'miner', id: 'not-a-uuid' })).toBeUndefined();
    expect(
      await access.grantOn(staff.id, { kind: 'miner', id: '00000000-0000-4000-8000-000000000000' }),
    ).toBeUndefined();
  });
});
