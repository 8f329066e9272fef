import { randomUUID } from 'node:crypto';
import { applyMigrations, type Database } from '@pool/db/database';
import { openTestDatabase, type TestDatabaseKind } from '@pool/db/testing';
import type { Section } from '@pool/contract/access';
import type { AccountKind, Role } from '@pool/contract/accounts';
import type { CreatedWatcher } from '@pool/contract/watchers';
import { operators, schema } from '../../src/db/schema.ts';
import { accessRepository } from '../../src/modules/access/repository.ts';
import { accountRepository } from '../../src/modules/accounts/repository.ts';
import { poolConfigRepository, type NewPool } from '../../src/modules/pool-config/repository.ts';
import { userRepository } from '../../src/modules/users/repository.ts';
import { watcherRepository } from '../../src/modules/watchers/repository.ts';
import { appMigrations } from '../../src/server.ts';
import { TestBrowser } from './browser.ts';
import { enableTotp } from './onboarding.ts';
import type { TestServer } from './server.ts';

/** A person: an identity of the identity service (when a server runs) and its app.users row. */
export interface TestPerson {
  id: string;
  email: string;
  password: string;
  /** Base32 TOTP secret, for a person made with `totp: true`. */
  totpSecret?: string;
}

/** An account people get roles on; the platform's account is its pool, as in app.permissions. */
export interface TestAccount {
  type: AccountKind;
  id: string;
}

export interface TestMiner extends TestAccount {
  type: 'miner';
  accountName: string;
  owner: TestPerson;
}

export interface TestOperator extends TestAccount {
  type: 'operator';
  operatorName: string;
  title: string;
  owner: TestPerson;
}

export interface TestPool extends TestAccount {
  type: 'pool';
  name: string;
}

/** Passes the identity service's password policy: long enough, a digit, unlike any test e-mail. */
export const factoryPassword = 'Shares-Per-Second-21';

/** Names stay unique across every factory of a test file, whichever database they write to. */
let sequence = 0;
const next = () => (sequence += 1);

/** What a test pool is made of when no server seeded one (mining tests without a server). */
const testPool: NewPool = {
  name: 'Test pool',
  addresses: [],
  settings: { default_language: 'en', available_languages: ['en'] },
  pageSettings: { tax_calculator: false, mining_report: false, extra_currencies: [], app_theme: 'default' },
};

/** A fresh database with the product's tables and nothing in them, for tests that run no server. */
export async function migratedTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  const database = await openTestDatabase(kind);
  await applyMigrations(database, appMigrations);
  return database;
}

/**
 * Test data built the way the product builds it, as Immich's medium tests do with `ctx.newUser()`:
 * each test makes the people and accounts it needs instead of reading the demo seed. People are
 * identities made over the identity service's admin API (with a running server) plus their
 * app.users row; accounts, grants, watcher links and invitations go through the server's
 * repositories. Without a server, people are app.users rows only, for tests that fake sessions.
 */
export async function testFactory(database: Database, server?: TestServer) {
  const db = database.orm(schema);
  const repositories = {
    users: userRepository(db),
    accounts: accountRepository(db),
    access: accessRepository(db),
    watchers: watcherRepository(db),
    pools: poolConfigRepository(db),
  };
  const current = await repositories.pools.findCurrent();
  const pool: TestPool = current
    ? { type: 'pool', id: current.id, name: current.name }
    : { type: 'pool', id: await repositories.pools.insertCurrent(testPool), name: testPool.name };

  /** An identity with a verified address and a password, as Kratos's admin API imports one. */
  async function newIdentity(admin: TestServer['identityAdmin'], email: string, password: string): Promise<string> {
    const response = await fetch(`${admin.baseUrl()}/admin/identities`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...admin.headers },
      body: JSON.stringify({
        schema_id: 'default',
        traits: { email, terms_agreed: true },
        credentials: { password: { config: { password } } },
        verifiable_addresses: [{ value: email, via: 'email', verified: true, status: 'completed' }],
      }),
    });
    if (response.status !== 201) throw new Error(`creating ${email} answered ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  }

  /** A browser signed in as the person, with their second factor when they have one. */
  async function signIn(person: TestPerson): Promise<TestBrowser> {
    if (!server) throw new Error('signing in needs a running server');
    const browser = new TestBrowser(server.listeningOn);
    await browser.signIn(person.email, person.password, person.totpSecret);
    return browser;
  }

  async function newPerson(options: { email?: string; totp?: boolean } = {}): Promise<TestPerson> {
    const email = options.email ?? `person.${next()}@factory.test`;
    const password = factoryPassword;
    const id = server ? await newIdentity(server.identityAdmin, email, password) : randomUUID();
    await repositories.users.ensure(id, email);
    const person: TestPerson = { id, email, password };
    if (options.totp) {
      if (!server) throw new Error('two-factor needs a running server');
      person.totpSecret = await enableTotp(await signIn(person));
    }
    return person;
  }

  /**
   * Gives the person the role on the account; answers the permission's id. A person who holds
   * another role there already keeps it, so the test fails loudly instead of reading a wrong role.
   */
  async function grant(person: TestPerson, account: TestAccount, role: Role): Promise<string> {
    await repositories.users.grant(person.id, { type: account.type, accountId: account.id, role });
    const held = (await repositories.users.permissions(person.id)).find(
      (permission) => permission.type === account.type && permission.account_id === account.id,
    );
    if (!held) throw new Error(`no ${account.type} permission for ${person.email}`);
    if (held.role !== role) throw new Error(`${person.email} is already ${held.role} on that ${account.type}`);
    return held.id;
  }

  return {
    pool,
    /** The platform's account, which platform administrators hold their role on. */
    platform: { type: 'platform', id: pool.id } satisfies TestAccount,
    repositories,
    newPerson,
    signIn,
    grant,

    /** A miner of the pool, owned by `owner` (a new person by default), managed by `operator` if given. */
    async newMiner(
      options: { accountName?: string; owner?: TestPerson; operator?: TestOperator } = {},
    ): Promise<TestMiner> {
      const accountName = options.accountName ?? `miner_${next()}`;
      const owner = options.owner ?? (await newPerson());
      const outcome = await repositories.accounts.createOwnedMiner(
        pool.id,
        owner.id,
        accountName,
        options.operator?.id ?? null,
      );
      if ('refused' in outcome) throw new Error(`creating miner ${accountName}: ${outcome.refused}`);
      return { type: 'miner', id: outcome.created.id, accountName, owner };
    },

    /** An operator of the pool and its owner (a new person by default). */
    async newOperator(options: { title?: string; owner?: TestPerson } = {}): Promise<TestOperator> {
      const number = next();
      const operatorName = `operator_${number}`;
      const title = options.title ?? `Operator ${number}`;
      // No product path creates operators yet (the pool's staff tools will); until one does, the
      // row is written through the schema, as the demo seed writes its operator.
      const [row] = await db
        .insert(operators)
        .values({ poolId: pool.id, operatorName, title })
        .returning({ id: operators.id });
      if (!row) throw new Error('inserting an operator returned no row');
      const owner = options.owner ?? (await newPerson());
      const operator: TestOperator = { type: 'operator', id: row.id, operatorName, title, owner };
      await grant(owner, operator, 'owner');
      return operator;
    },

    /** A watcher link to the miner made by `by`; the answer carries its token, the one time it exists. */
    newWatcher(
      miner: TestMiner,
      options: { by: TestPerson; name?: string; access?: Section[] },
    ): Promise<CreatedWatcher> {
      return repositories.watchers.create({
        minerId: miner.id,
        name: options.name ?? `link ${next()}`,
        access: options.access ?? ['Workers'],
        createdBy: options.by.id,
      });
    },

    /** A pending invitation to the account, valid for a day; answers its id and token. */
    newInvite(
      account: TestAccount & { type: 'miner' | 'operator' | 'pool' },
      options: { email: string; role: Role; by: TestPerson },
    ): Promise<{ id: string; token: string }> {
      return repositories.access.createInvite({
        email: options.email,
        account: { type: account.type, id: account.id },
        role: options.role,
        invitedBy: options.by.id,
        expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      });
    },
  };
}

export type TestFactory = Awaited<ReturnType<typeof testFactory>>;
