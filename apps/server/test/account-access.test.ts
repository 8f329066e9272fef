import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { applyMigrations } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { schema } from '../src/db/schema.ts';
import { appMigrations } from '../src/server.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { demoPeople } from '../src/demo/people.ts';
import { accessRepository } from '../src/modules/access/repository.ts';
import { accountAccess, type AccountAccess } from '../src/policy/account-access.ts';

const idOf = (email: string) => demoPeople.find((person) => person.email === email)?.id ?? '';

describe.each(testDatabaseKinds)('account grants on %s', (kind) => {
  let database: Database;
  let access: AccountAccess;
  const miner: Record<string, string> = {};
  let operatorId = '';
  let poolId = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await applyMigrations(database, appMigrations);
    const [pool] = await database.query<{ id: string }>(
      `insert into app.pools (name, is_current, addresses, settings, page_settings)
       values ('Test pool', true, '[]', '{"default_language":"en","available_languages":["en"]}',
               '{"tax_calculator":false,"mining_report":false,"extra_currencies":[],"app_theme":"default"}') returning id`,
    );
    poolId = pool?.id ?? '';
    await seedDemo(database.orm(schema), poolId);
    for (const row of await database.query<{ id: string; account_name: string }>(
      'select id, account_name from app.miners',
    )) {
      miner[row.account_name] = row.id;
    }
    operatorId = (await database.query<{ id: string }>('select id from app.operators'))[0]?.id ?? '';
    access = accountAccess(accessRepository(database.orm(schema)));
  });
  afterAll(async () => database?.close());

  it("gives a miner's owner every section of their own account and nothing on another miner", async () => {
    const own = await access.grantOn(idOf('alice@demo.pool'), { kind: 'miner', id: miner.alice_hash ?? '' });
    expect(own).toMatchObject({ via: 'miner', role: 'owner', access: { type: 'other' } });
    expect(
      await access.grantOn(idOf('alice@demo.pool'), { kind: 'miner', id: miner.bob_mining ?? '' }),
    ).toBeUndefined();
  });

  it('reaches every miner of the pool from a pool permission, as a pool-type role', async () => {
    const staff = idOf('staff@demo.pool');
    for (const id of Object.values(miner)) {
      expect(await access.grantOn(staff, { kind: 'miner', id })).toMatchObject({
        via: 'pool',
        access: { type: 'pool' },
      });
    }
    expect(await access.grantOn(staff, { kind: 'operator', id: operatorId })).toMatchObject({ via: 'pool' });
    expect(await access.grantOn(staff, { kind: 'pool', id: poolId })).toMatchObject({ via: 'pool' });
  });

  it("reaches an operator's customers from the operator, and no other miner", async () => {
    const operator = idOf('operator@demo.pool');
    expect(await access.grantOn(operator, { kind: 'miner', id: miner.carol_farm ?? '' })).toMatchObject({
      via: 'operator',
    });
    expect(await access.grantOn(operator, { kind: 'miner', id: miner.dave_solo ?? '' })).toMatchObject({
      via: 'operator',
    });
    expect(await access.grantOn(operator, { kind: 'miner', id: miner.alice_hash ?? '' })).toBeUndefined();
    expect(await access.grantOn(operator, { kind: 'pool', id: poolId })).toBeUndefined();
  });

  it('finding 1: lists every grant that reaches an account, and answers a managing one first', async () => {
    // Alice owns her miner and is also a viewer on the pool: the pool grant sees every section, yet
    // only her own permission manages her miner.
    const aliceId = idOf('alice@demo.pool');
    await database.query(
      "insert into app.permissions (user_id, type, account_id, role) values ($1, 'pool', $2, 'viewer')",
      [aliceId, poolId],
    );
    try {
      const ref = { kind: 'miner', id: miner.alice_hash ?? '' } as const;
      expect((await access.grantsOn(aliceId, ref)).map(({ via, role }) => ({ via, role }))).toEqual([
        { via: 'pool', role: 'viewer' },
        { via: 'miner', role: 'owner' },
      ]);
      expect(await access.grantOn(aliceId, ref)).toMatchObject({ via: 'miner', role: 'owner' });
      expect(await access.grantOn(aliceId, { kind: 'miner', id: miner.bob_mining ?? '' })).toMatchObject({
        via: 'pool',
        role: 'viewer',
      });
    } finally {
      await database.query("delete from app.permissions where user_id = $1 and type = 'pool'", [aliceId]);
    }
  });

  it('gives a platform administrator no account grant, and nobody a grant on a malformed or unknown id', async () => {
    expect(
      await access.grantOn(idOf('admin@demo.pool'), { kind: 'miner', id: miner.alice_hash ?? '' }),
    ).toBeUndefined();
    expect(await access.grantOn(idOf('staff@demo.pool'), { kind: 'miner', id: 'not-a-uuid' })).toBeUndefined();
    expect(
      await access.grantOn(idOf('staff@demo.pool'), { kind: 'miner', id: '00000000-0000-4000-8000-000000000000' }),
    ).toBeUndefined();
  });
});
