import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase } from '@pool/db/testing';
import type { Role } from '@pool/contract/accounts';
import type { Section } from '@pool/contract/access';
import { policyProbeHeader } from '../src/policy/policy-plugin.ts';
import type { TestBrowser } from './support/browser.ts';
import { testFactory, type TestPerson } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Every product route, called by every kind of caller, answers as this table says. A route added
 * without a line here fails the test, and so does a line whose route is gone.
 *
 * The calls are policy probes: the server admits or refuses exactly as for a real call, then
 * answers 204 instead of running the handler, so nothing changes between calls.
 */
type Rule =
  | { who: 'anyone' }
  /** No person nor watcher: only the stratum servers' ingest key (sent in the setup above). */
  | { who: 'ingest key' }
  | { who: 'person' }
  /** A path parameter that names the caller's own user id (alice's, in these calls). */
  | { who: 'self' }
  /** A permission on the platform (the platform admin of these calls). */
  | { who: 'platform' }
  | {
      who: 'account';
      on: AccountKind;
      section?: Section;
      /** Needs a managing role (admin or owner), whatever kind of account the role is on. */
      manage?: boolean;
      /** Only the account's own owner, or a managing role on the pool. */
      owner?: boolean;
      /** Only through a role on the pool (pool staff), never the account's own or its operator's. */
      staff?: boolean;
      /** The platform's managers pass too (the platform admin of these calls). */
      platform?: boolean;
      watchers?: boolean;
    };

type AccountKind = 'miner' | 'operator' | 'pool';

function miningRead(on: AccountKind): Rule {
  return { who: 'account', on, section: 'Workers', watchers: on === 'miner' };
}

/** Money reads (issue 13): the Payments section, open to watchers of that section on a miner. */
function moneyRead(on: AccountKind): Rule {
  return { who: 'account', on, section: 'Payments', watchers: on === 'miner' };
}

const moneyReads = Object.fromEntries(
  (['miners', 'operators', 'pools'] as const).flatMap((segment) => {
    const on = ({ miners: 'miner', operators: 'operator', pools: 'pool' } as const)[segment];
    return ['balance', 'processing-earnings', 'earned-all-time', 'payments'].map((read) => [
      `GET /api/backend/v0.1/${segment}/:id/${read}`,
      moneyRead(on),
    ]);
  }),
) as Record<string, Rule>;

/**
 * Pool users (issue 17): pool staff with a managing role and the platform's admins, for reads and
 * for the critical changes alike.
 */
const poolUsersRule: Rule = { who: 'account', on: 'pool', manage: true, staff: true, platform: true };
const poolUserRoutes = Object.fromEntries(
  [
    'GET /pools/:pool_id/users',
    'GET /pools/:pool_id/users/:user_id',
    'GET /pools/:pool_id/users/:user_id/permissions',
    'GET /pools/:pool_id/users/:user_id/sessions',
    'GET /pools/:pool_id/users/:user_id/invites',
    'POST /pools/:pool_id/users/:user_id/invites',
    'DELETE /pools/:pool_id/sessions/:session_id',
    'POST /pools/:pool_id/users/:user_id/2fa/reset',
    'DELETE /pools/:pool_id/users/:user_id/user',
    'GET /pools/:pool_id/users/:user_id/deletion-request',
  ].map((route) => [route.replace(' /', ' /api/backend/v0.1/'), poolUsersRule]),
) as Record<string, Rule>;

/** A wallet's address and thresholds: the reads of payments, and changes by those who manage the miner. */
const walletRoutes = Object.fromEntries(
  ['addresses', 'min-payments', 'max-payments'].flatMap((setting) => [
    [`GET /api/backend/v0.1/wallets/:wallet_id/${setting}`, moneyRead('miner')],
    [
      `POST /api/backend/v0.1/wallets/:wallet_id/${setting}`,
      { who: 'account', on: 'miner', section: 'Payments', manage: true },
    ],
  ]),
) as Record<string, Rule>;

const routes: Record<string, Rule> = {
  'GET /api/backend/v0.1/identity': { who: 'person' },
  'PUT /api/backend/v0.1/identity/language': { who: 'person' },
  'GET /api/backend/v0.1/identity/:id/navigation': { who: 'self' },
  'PUT /api/backend/v0.1/identity/:id/navigation': { who: 'self' },
  'DELETE /api/backend/v0.1/identity/:id': { who: 'self' },
  'DELETE /api/backend/v0.1/identity/:id/permissions/:permission_id': { who: 'self' },
  'GET /api/backend/v0.1/identity/:id/notifications/preferences': { who: 'self' },
  'PUT /api/backend/v0.1/identity/:id/notifications/preferences': { who: 'self' },
  'POST /api/backend/v0.1/identity/:id/telegram/invites': { who: 'self' },
  'GET /api/backend/v0.1/telegram/invites/current': { who: 'person' },
  'GET /api/backend/v0.1/telegram/chats/current': { who: 'person' },
  'DELETE /api/backend/v0.1/telegram/chats': { who: 'person' },
  'POST /api/backend/v0.1/miners': { who: 'person' },
  'PUT /api/backend/v0.1/miners/:miner_id/title': { who: 'account', on: 'miner', manage: true },
  'DELETE /api/backend/v0.1/miners/:miner_id/title': { who: 'account', on: 'miner', manage: true },
  'DELETE /api/backend/v0.1/miners/:miner_id': { who: 'account', on: 'miner', manage: true, owner: true },
  'GET /api/backend/v0.1/miners/lookup-by-account-name': { who: 'person' },
  'GET /api/backend/v0.1/operators/lookup-by-title/:title': { who: 'anyone' },
  'GET /api/backend/v0.1/watchers/:token': { who: 'anyone' },
  'GET /api/backend/v0.1/miners/:id/watchers': { who: 'account', on: 'miner', section: 'AccessControl' },
  'POST /api/backend/v0.1/miners/:id/watchers': { who: 'account', on: 'miner', section: 'AccessControl', manage: true },
  'DELETE /api/backend/v0.1/watchers/:watcherId': {
    who: 'account',
    on: 'miner',
    section: 'AccessControl',
    manage: true,
  },
  'GET /api/backend/v0.1/identity/:id/watchers': { who: 'self' },
  'POST /api/backend/v0.1/identity/:id/watchers': { who: 'self' },
  'DELETE /api/backend/v0.1/identity/:id/watchers/:token': { who: 'self' },
  'GET /api/backend/v0.1/miners/:id/access': { who: 'account', on: 'miner', section: 'AccessControl' },
  'POST /api/backend/v0.1/miners/:id/access': { who: 'account', on: 'miner', section: 'AccessControl', manage: true },
  'PUT /api/backend/v0.1/miners/:id/access/:access_id': {
    who: 'account',
    on: 'miner',
    section: 'AccessControl',
    manage: true,
  },
  'DELETE /api/backend/v0.1/miners/:id/access/:access_id': {
    who: 'account',
    on: 'miner',
    section: 'AccessControl',
    manage: true,
  },
  'GET /api/backend/v0.1/pools/:id/access': { who: 'account', on: 'pool', section: 'AccessControl' },
  'POST /api/backend/v0.1/pools/:id/access': { who: 'account', on: 'pool', section: 'AccessControl', manage: true },
  'PUT /api/backend/v0.1/pools/:id/access/:access_id': {
    who: 'account',
    on: 'pool',
    section: 'AccessControl',
    manage: true,
  },
  'DELETE /api/backend/v0.1/pools/:id/access/:access_id': {
    who: 'account',
    on: 'pool',
    section: 'AccessControl',
    manage: true,
  },
  'GET /api/backend/v0.1/operators/:id/access': { who: 'account', on: 'operator', section: 'AccessControl' },
  'POST /api/backend/v0.1/operators/:id/access': {
    who: 'account',
    on: 'operator',
    section: 'AccessControl',
    manage: true,
  },
  'PUT /api/backend/v0.1/operators/:id/access/:access_id': {
    who: 'account',
    on: 'operator',
    section: 'AccessControl',
    manage: true,
  },
  'DELETE /api/backend/v0.1/operators/:id/access/:access_id': {
    who: 'account',
    on: 'operator',
    section: 'AccessControl',
    manage: true,
  },
  'GET /api/backend/v0.1/invites/:token': { who: 'anyone' },
  'POST /api/backend/v0.1/invites/:token/activation': { who: 'anyone' },
  'POST /api/backend/v0.1/invites/accept': { who: 'person' },
  // Mining reads (issue 6): the Workers section, open to watchers of that section.
  'GET /api/backend/v0.1/miners/:id/charts': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/events': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/stats': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/workers': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/workers/boundary': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/workers/boundary/charts': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/workers/boundary/stats': miningRead('miner'),
  'GET /api/backend/v0.1/miners/:id/workers/statuses': miningRead('miner'),
  'GET /api/backend/v0.1/miners/charts': miningRead('miner'),
  'GET /api/backend/v0.1/miners/stats': miningRead('miner'),
  'GET /api/backend/v0.1/workers/:worker_id/charts': miningRead('miner'),
  'GET /api/backend/v0.1/workers/:worker_id/stats': miningRead('miner'),
  'GET /api/backend/v0.1/operators/:id/charts': miningRead('operator'),
  'GET /api/backend/v0.1/operators/:id/events': miningRead('operator'),
  'GET /api/backend/v0.1/operators/:id/stats': miningRead('operator'),
  'GET /api/backend/v0.1/operators/:id/workers': miningRead('operator'),
  'GET /api/backend/v0.1/operators/:id/workers/statuses': miningRead('operator'),
  'GET /api/backend/v0.1/pools/:id/charts': miningRead('pool'),
  'GET /api/backend/v0.1/pools/:id/events': miningRead('pool'),
  'GET /api/backend/v0.1/pools/:id/stats': miningRead('pool'),
  'GET /api/backend/v0.1/pools/:id/workers': miningRead('pool'),
  'GET /api/backend/v0.1/pools/:id/workers/statuses': miningRead('pool'),
  'GET /api/backend/v0.1/workers/random-name': { who: 'person' },
  // The stratum servers' ingest: no person, its bearer key is checked by the route itself.
  'POST /api/backend/v0.1/ingest/shares': { who: 'ingest key' },
  // Money (issue 13): financial reads need Payments; fees are set by pool staff; platform routes.
  ...moneyReads,
  'GET /api/backend/v0.1/miners/:id/payments/export': moneyRead('miner'),
  'GET /api/backend/v0.1/miners/:id/mining-report': moneyRead('miner'),
  'GET /api/backend/v0.1/miners/:id/fees/current': moneyRead('miner'),
  'GET /api/backend/v0.1/miners/:id/fees': moneyRead('miner'),
  'POST /api/backend/v0.1/miners/:id/fees': {
    who: 'account',
    on: 'miner',
    section: 'Payments',
    manage: true,
    staff: true,
  },
  'GET /api/backend/v0.1/platform/rewards/rates': { who: 'platform' },
  'GET /api/backend/v0.1/platform/rewards/rates/external-sources': { who: 'platform' },
  'PUT /api/backend/v0.1/platform/rewards/rates/current': { who: 'platform' },
  'GET /api/backend/v0.1/platform/rewards/unallocated-funds': { who: 'platform' },
  'POST /api/backend/v0.1/platform/rewards/unallocated-funds/:transaction_id/refund': { who: 'platform' },
  'POST /api/backend/v0.1/platform/rewards/runs': { who: 'platform' },
  'GET /api/backend/v0.1/exchange-rates': { who: 'anyone' },
  // Payout wallets (issue 14): read as payments; changed only by a managing role with Payments.
  'GET /api/backend/v0.1/miners/:miner_id': moneyRead('miner'),
  ...walletRoutes,
  // The 14:00 withdrawal and its blockchain requests (issue 14): platform routes. Resend and reverse
  // admit the platform's treasurers too, and the run only its admins; the matrix's platform caller is an admin.
  'POST /api/backend/v0.1/platform/payouts/runs': { who: 'platform' },
  'GET /api/backend/v0.1/platform/payouts/blockchain-requests': { who: 'platform' },
  'POST /api/backend/v0.1/platform/payouts/blockchain-requests/:request_id/resend': { who: 'platform' },
  'POST /api/backend/v0.1/platform/payouts/blockchain-requests/:request_id/reverse': { who: 'platform' },
  'GET /api/backend/v0.1/platform/payouts/schedule': { who: 'platform' },
  'PUT /api/backend/v0.1/platform/payouts/schedule/current': { who: 'platform' },
  'DELETE /api/backend/v0.1/platform/payouts/schedule/current/fee-per-vbyte': { who: 'platform' },
  'GET /api/backend/v0.1/platform/payouts/batches': { who: 'platform' },
  'GET /api/backend/v0.1/platform/payouts/batches/:id/export': { who: 'platform' },
  'POST /api/backend/v0.1/platform/payouts/batches/:id/txid': { who: 'platform' },
  'POST /api/backend/v0.1/platform/payouts/batches/:id/complete': { who: 'platform' },
  'POST /api/backend/v0.1/platform/payouts/batches/:id/fail': { who: 'platform' },
  // Sharing (issue 15): promo codes are the platform's; a miner's referral codes need Referrals, and
  // its profit splits Payments, each changed only by a managing role; the sign-up check is anyone's.
  'GET /api/backend/v0.1/platform/promocodes': { who: 'platform' },
  'GET /api/backend/v0.1/platform/promocodes/generate': { who: 'platform' },
  'GET /api/backend/v0.1/platform/promocodes/:id': { who: 'platform' },
  'POST /api/backend/v0.1/platform/promocodes': { who: 'platform' },
  'PUT /api/backend/v0.1/platform/promocodes/:id': { who: 'platform' },
  'POST /api/backend/v0.1/platform/virtual-mining/topups': { who: 'platform' },
  'GET /api/backend/v0.1/platform/sharing/settings': { who: 'platform' },
  'PUT /api/backend/v0.1/platform/sharing/settings': { who: 'platform' },
  // Virtual-mining contracts: the pool's own roles read them, and only its managing roles create and end them.
  'GET /api/backend/v0.1/pools/:id/virtual-mining/contracts': { who: 'account', on: 'pool', section: 'Transfers' },
  'POST /api/backend/v0.1/pools/:id/virtual-mining/contracts': {
    who: 'account',
    on: 'pool',
    section: 'Transfers',
    manage: true,
  },
  'POST /api/backend/v0.1/pools/:id/virtual-mining/contracts/:contract_id/end': {
    who: 'account',
    on: 'pool',
    section: 'Transfers',
    manage: true,
  },
  'POST /api/backend/v0.1/promocodes/apply': { who: 'account', on: 'miner', manage: true },
  'GET /api/backend/v0.1/promocodes/check': { who: 'anyone' },
  'GET /api/backend/v0.1/miners/:id/referrer-codes': { who: 'account', on: 'miner', section: 'Referrals' },
  'POST /api/backend/v0.1/miners/:id/referrer-codes': {
    who: 'account',
    on: 'miner',
    section: 'Referrals',
    manage: true,
  },
  'DELETE /api/backend/v0.1/miners/:id/referrer-codes/:code_id': {
    who: 'account',
    on: 'miner',
    section: 'Referrals',
    manage: true,
  },
  'GET /api/backend/v0.1/miners/:id/referrals': { who: 'account', on: 'miner', section: 'Referrals' },
  'GET /api/backend/v0.1/miners/:donor/profit-sharings': { who: 'account', on: 'miner', section: 'Payments' },
  'GET /api/backend/v0.1/miners/:donor/profit-sharings/:recipient': {
    who: 'account',
    on: 'miner',
    section: 'Payments',
  },
  'PUT /api/backend/v0.1/miners/:donor/profit-sharings/:recipient': {
    who: 'account',
    on: 'miner',
    section: 'Payments',
    manage: true,
  },
  'DELETE /api/backend/v0.1/miners/:donor/profit-sharings/:recipient': {
    who: 'account',
    on: 'miner',
    section: 'Payments',
    manage: true,
  },
  ...poolUserRoutes,
  // The customer area (issue 16): an operator's or a pool's roles read its customers (figures by
  // section), managing roles create and change them; fees and earnings need Payments, and fee
  // changes and total_fee_hide a managing role. A customer (alice) never reads its operator.
  ...(Object.fromEntries(
    (['operators', 'pools'] as const).flatMap((segment) => {
      const on = segment === 'operators' ? ('operator' as const) : ('pool' as const);
      return [
        [`GET /api/backend/v0.1/${segment}/:id/miners`, { who: 'account', on }],
        [`POST /api/backend/v0.1/${segment}/:id/miners`, { who: 'account', on, manage: true }],
        [`GET /api/backend/v0.1/${segment}/:id/miners/:miner_id`, { who: 'account', on }],
        [`PUT /api/backend/v0.1/${segment}/:id/miners/:miner_id`, { who: 'account', on, manage: true }],
        [
          `GET /api/backend/v0.1/${segment}/:id/miners/:miner_id/people`,
          { who: 'account', on, section: 'AccessControl' },
        ],
        [
          `PUT /api/backend/v0.1/${segment}/:id/miners/:miner_id/people/:permission_id`,
          { who: 'account', on, section: 'AccessControl', manage: true },
        ],
        [`GET /api/backend/v0.1/${segment}/:id/earned-from-miner`, { who: 'account', on, section: 'Payments' }],
        [`GET /api/backend/v0.1/${segment}/:id/miners/:miner_id/payments`, { who: 'account', on, section: 'Payments' }],
      ];
    }),
  ) as Record<string, Rule>),
  'GET /api/backend/v0.1/operators/:id/miners/:miner_id/fees': { who: 'account', on: 'operator', section: 'Payments' },
  'GET /api/backend/v0.1/operators/:id/miners/:miner_id/fees/current': {
    who: 'account',
    on: 'operator',
    section: 'Payments',
  },
  'POST /api/backend/v0.1/operators/:id/miners/:miner_id/fees': {
    who: 'account',
    on: 'operator',
    section: 'Payments',
    manage: true,
  },
  'POST /api/backend/v0.1/miners/:miner_id/sub-accounts': { who: 'account', on: 'miner', manage: true },
};

/** Spec 6, written out: which sections each role opens on a miner or an operator account. */
const sectionsOf: Record<Role, readonly Section[]> = {
  owner: ['Payments', 'Workers', 'Transfers', 'Referrals', 'AccessControl'],
  admin: ['Payments', 'Workers', 'Transfers', 'Referrals', 'AccessControl'],
  manager: ['Payments', 'Workers', 'Transfers', 'Referrals'],
  accountant: ['Payments', 'Transfers', 'Referrals'],
  treasurer: ['Payments', 'Transfers', 'Referrals'],
  viewer: ['Workers'],
};
/** Spec 5: a pool-type role opens every section; spec 6 and review 1: only admins and owners manage. */
const everySection: readonly Section[] = ['Payments', 'Workers', 'Transfers', 'Referrals', 'AccessControl'];
const managingRoles: readonly Role[] = ['admin', 'owner'];
const everyRole = Object.keys(sectionsOf) as Role[];

/**
 * Every role on each kind of account: on alice's miner (alice is its owner), on the operator that
 * manages alice's miner as its customer (its owner made with it), and on the pool. The others are
 * made for the matrix.
 */
type RoleCaller = `${Role} of ${'alice' | 'the operator' | 'the pool'}`;
const holderOf = { miner: 'alice', operator: 'the operator', pool: 'the pool' } as const;
const roleCallers: { caller: RoleCaller; on: AccountKind; role: Role }[] = (
  ['miner', 'operator', 'pool'] as const
).flatMap((on) => everyRole.map((role) => ({ caller: `${role} of ${holderOf[on]}` as const, on, role })));

type Caller =
  | 'anonymous'
  | 'bob (another miner)'
  | 'owner of another operator'
  | RoleCaller
  | 'platform'
  | 'watcher of Workers'
  | 'watcher of Payments'
  | 'revoked watcher';

/** Alice: the owner of her miner, and the person of the `self` routes. */
const alice: Caller = 'owner of alice';
const people: Caller[] = [
  ...roleCallers.map(({ caller }) => caller),
  'bob (another miner)',
  'owner of another operator',
  'platform',
];
const watcherCallers: Caller[] = ['watcher of Workers', 'watcher of Payments', 'revoked watcher'];
const allCallers: Caller[] = ['anonymous', ...people, ...watcherCallers];

/** Whether a role on one kind of account admits a call that acts on another, by a written-out rule. */
function roleAdmits(holder: { on: AccountKind; role: Role }, rule: Extract<Rule, { who: 'account' }>): boolean {
  // A pool's roles reach everything in it; an operator's reach it and its customers (alice's miner).
  const reaches = holder.on === 'pool' || holder.on === rule.on || (holder.on === 'operator' && rule.on === 'miner');
  if (!reaches) return false;
  const sections = holder.on === 'pool' ? everySection : sectionsOf[holder.role];
  if (rule.section && !sections.includes(rule.section)) return false;
  const manages = managingRoles.includes(holder.role);
  if (rule.manage && !manages) return false;
  if (rule.owner && !(holder.on === 'pool' ? manages : holder.on === rule.on && holder.role === 'owner')) return false;
  if (rule.staff && holder.on !== 'pool') return false;
  return true;
}

/** Who a rule admits; the written-out expectation the server is held to. */
function admitted(rule: Rule, method: string): Set<Caller> {
  if (rule.who === 'anyone') return new Set(allCallers);
  if (rule.who === 'ingest key') return new Set();
  if (rule.who === 'person') return new Set(people);
  if (rule.who === 'self') return new Set([alice]);
  if (rule.who === 'platform') return new Set(['platform']);
  const allowed = new Set<Caller>(roleCallers.filter((holder) => roleAdmits(holder, rule)).map(({ caller }) => caller));
  if (rule.platform) allowed.add('platform');
  if (rule.watchers && method === 'GET') {
    if (rule.section === 'Workers' || !rule.section) allowed.add('watcher of Workers');
    if (rule.section === 'Payments' || !rule.section) allowed.add('watcher of Payments');
  }
  return allowed;
}

const ingestKey = 'matrix-ingest-key-0123456789';

describe('authorisation matrix: every product route, every kind of caller', () => {
  let database: Database;
  let server: TestServer;
  const browsers = new Map<Caller, TestBrowser>();
  const watcherTokens = new Map<Caller, string>();
  const ids = { aliceMiner: '', aliceUser: '', operator: '', pool: '', watcher: '', worker: '', wallet: '' };

  // About twenty people sign in (argon2id each): minutes on a loaded 2-core machine.
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startTestServer(database, { INGEST_KEY: ingestKey }, { policyProbe: true });
    const factory = await testFactory(database, server);
    const signIn = async (caller: Caller, person: TestPerson) => browsers.set(caller, await factory.signIn(person));

    // Alice's miner is a customer of the operator, so that the operator's roles reach it too.
    const alicePerson = await factory.newPerson({ totp: true });
    const operator = await factory.newOperator({ title: 'NorthHash' });
    const aliceMiner = await factory.newMiner({ owner: alicePerson, operator, accountName: 'alice_hash' });
    Object.assign(ids, {
      aliceMiner: aliceMiner.id,
      aliceUser: alicePerson.id,
      operator: operator.id,
      pool: factory.pool.id,
    });
    await signIn(alice, alicePerson);
    await signIn('owner of the operator', operator.owner);
    await signIn('bob (another miner)', (await factory.newMiner()).owner);
    // Issue 16: an operator reads only its own customers, never another operator's.
    await signIn('owner of another operator', (await factory.newOperator({ title: 'SouthHash' })).owner);
    const platform = await factory.newPerson();
    await factory.grant(platform, factory.platform, 'admin');
    await signIn('platform', platform);
    const accountOf = { miner: aliceMiner, operator, pool: factory.pool };
    for (const { caller, on, role } of roleCallers) {
      if (browsers.has(caller)) continue;
      const person = await factory.newPerson({ email: `${role}.${on}@matrix.test` });
      await factory.grant(person, accountOf[on], role);
      await signIn(caller, person);
    }

    // A worker of alice's, made the way stratum servers make them: by its first share.
    const ingest = await fetch(`${server.listeningOn}/api/backend/v0.1/ingest/shares`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batch_id: 'matrix-1',
        events: [
          {
            pool: 'Headframe Pool',
            account_name: 'alice_hash',
            worker_name: 'rig1',
            difficulty: 65536,
            accepted: true,
            at: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(ingest.status).toBe(200);
    const workers = await browsers
      .get(alice)
      ?.json<{ items: { id: number; worker_name: string }[] }>(`/api/backend/v0.1/miners/${ids.aliceMiner}/workers`);
    ids.worker = String(workers?.body.items.find((worker) => worker.worker_name === 'rig1')?.id ?? '');
    expect(ids.worker).not.toBe('');
    // Alice's payout wallet, made by the first read of her miner (a call without the probe header).
    const info = await browsers
      .get(alice)
      ?.json<{ wallets: { id: string }[] }>(`/api/backend/v0.1/miners/${ids.aliceMiner}`);
    ids.wallet = info?.body.wallets[0]?.id ?? '';
    expect(ids.wallet).not.toBe('');

    const addWatcher = async (caller: Caller, access: Section[]) => {
      const watcher = await factory.newWatcher(aliceMiner, { by: alicePerson, name: caller, access });
      watcherTokens.set(caller, watcher.token);
      return watcher.id;
    };
    ids.watcher = await addWatcher('watcher of Workers', ['Workers']);
    await addWatcher('watcher of Payments', ['Payments']);
    await factory.repositories.watchers.delete(await addWatcher('revoked watcher', ['Workers', 'Payments']));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** The path of a route with its parameters filled for alice's miner, the operator or the pool. */
  function concretePath(url: string): string {
    const account = url.startsWith('/api/backend/v0.1/pools/')
      ? ids.pool
      : url.startsWith('/api/backend/v0.1/operators/')
        ? ids.operator
        : url.startsWith('/api/backend/v0.1/identity/')
          ? ids.aliceUser
          : ids.aliceMiner;
    return url
      .replace(':pool_id', ids.pool)
      .replace(':user_id', ids.aliceUser)
      .replace(':session_id', randomUUID())
      .replace(':miner_id', ids.aliceMiner)
      .replace(':donor', ids.aliceMiner)
      .replace(':recipient', randomUUID())
      .replace(':code_id', randomUUID())
      .replace(':contract_id', randomUUID())
      .replace(':worker_id', ids.worker)
      .replace(':wallet_id', ids.wallet)
      .replace(':id', account)
      .replace(':watcherId', ids.watcher)
      .replace(':access_id', randomUUID())
      .replace(':permission_id', randomUUID())
      .replace(':title', 'NorthHash')
      .replace(':token', watcherTokens.get('watcher of Workers') ?? '');
  }

  async function outcome(caller: Caller, method: string, url: string): Promise<number> {
    const headers: Record<string, string> = { [policyProbeHeader]: '1', accept: 'application/json' };
    const token = watcherTokens.get(caller);
    if (token) headers['x-watcher-token'] = token;
    const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ miner_id: ids.aliceMiner });
    if (body) headers['content-type'] = 'application/json';
    const browser = browsers.get(caller);
    // Calls over many miners name them in the query (spec 7: array values repeated).
    const query = url.endsWith('/miners/charts') || url.endsWith('/miners/stats') ? `?id=${ids.aliceMiner}` : '';
    const path = `${concretePath(url)}${query}`;
    const response = browser
      ? await browser.fetch(path, { method, headers, body })
      : await fetch(`${server.listeningOn}${path}`, { method, headers, body });
    await response.arrayBuffer();
    return response.status;
  }

  it('has a rule for every route the server registers, and no rule for a route it does not', () => {
    const registered = server.app.productRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered.filter((route) => !(route in routes))).toEqual([]);
    expect(Object.keys(routes).filter((route) => !registered.includes(route))).toEqual([]);
  });

  /** Every route called by every caller once (callers of one route at once), shared by the tests below. */
  let outcomes: Promise<Map<string, number>> | undefined;
  const allOutcomes = () =>
    (outcomes ??= (async () => {
      const statuses = new Map<string, number>();
      for (const { method, url } of server.app.productRoutes) {
        await Promise.all(
          allCallers.map(async (caller) => {
            statuses.set(`${method} ${url} by ${caller}`, await outcome(caller, method, url));
          }),
        );
      }
      return statuses;
    })());

  it('admits exactly the callers each rule names, and refuses everyone else', { timeout: 240_000 }, async () => {
    const statuses = await allOutcomes();
    const mismatches: string[] = [];
    for (const { method, url } of server.app.productRoutes) {
      const rule = routes[`${method} ${url}`];
      if (!rule) continue;
      const expected = admitted(rule, method);
      for (const caller of allCallers) {
        const status = statuses.get(`${method} ${url} by ${caller}`);
        const allowed = status === 204;
        if (allowed !== expected.has(caller)) mismatches.push(`${method} ${url} by ${caller}: ${status}`);
        if (!allowed && status !== 401 && status !== 403) mismatches.push(`${method} ${url} by ${caller}: ${status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it(
    'finding 1: on every managing route only admins and owners pass, pool roles included',
    { timeout: 240_000 },
    async () => {
      const statuses = await allOutcomes();
      const managing = Object.entries(routes).filter(
        (entry): entry is [string, Extract<Rule, { who: 'account' }>] =>
          entry[1].who === 'account' && entry[1].manage === true,
      );
      // Access changes, watcher links and deleting a miner, on miners, operators and the pool.
      expect(managing.length).toBeGreaterThanOrEqual(14);
      const passed: string[] = [];
      for (const [route] of managing) {
        for (const { caller, role } of roleCallers) {
          if (statuses.get(`${route} by ${caller}`) === 204) passed.push(`${role}: ${route} by ${caller}`);
        }
      }
      expect(passed.filter((entry) => !entry.startsWith('admin:') && !entry.startsWith('owner:'))).toEqual([]);
      // Every kind of account has a managing role that passes, so the refusals above are about roles.
      for (const on of ['miner', 'operator', 'pool'] as const) {
        expect(passed.some((entry) => entry.endsWith(`of ${holderOf[on]}`))).toBe(true);
      }
    },
  );

  it(
    'finding 17: only the owner of a miner, or a managing role on the pool, deletes it',
    { timeout: 240_000 },
    async () => {
      const statuses = await allOutcomes();
      const deleting = roleCallers
        .filter(({ caller }) => statuses.get(`DELETE /api/backend/v0.1/miners/:miner_id by ${caller}`) === 204)
        .map(({ caller }) => caller);
      expect(deleting.sort()).toEqual(['admin of the pool', 'owner of alice', 'owner of the pool']);
    },
  );
});
