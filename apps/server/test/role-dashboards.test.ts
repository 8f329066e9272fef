import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { roleAccessOf, sectionAllowed } from '@pool/contract/access';
import { roles, type Role } from '@pool/contract/accounts';
// The rule the web app's dashboard follows for what `/` shows a role: the calls below follow it, so this test fails
// the day the dashboard asks for something its role may not read.
import { dashboardContentOf } from '@pool/contract/dashboard-codes';
import type { TestBrowser } from './support/browser.ts';
import { testFactory } from './support/factory.ts';
import { startTestServer, type TestServer } from './support/server.ts';

type Kind = 'miner' | 'operator';
const accountKinds: readonly Kind[] = ['miner', 'operator'];
const api = '/api/backend/v0.1';
const collectionOf: Record<Kind, string> = { miner: 'miners', operator: 'operators' };

/** One call a screen makes; `stream` is an event stream, read only until its headers arrive. */
interface Call {
  what: string;
  path: string;
  stream?: boolean;
}

/** What every signed-in screen calls before it renders (spec 2 entry order): config, session, user info. */
const shellCalls: readonly Call[] = [
  { what: 'pool config', path: '/v0.1/pools/current' },
  { what: 'session check', path: '/identity/sessions/whoami' },
  { what: 'user info', path: `${api}/identity` },
];

/** The dashboard's mining reads (apps/web/src/lib/mining/mining-api.ts and live-updates.ts). */
function miningReads(kind: Kind, id: string): Call[] {
  const account = `${api}/${collectionOf[kind]}/${id}`;
  return [
    { what: 'hashrate chart', path: `${account}/charts?period=P1D` },
    { what: 'statistics', path: `${account}/stats` },
    { what: 'live updates', path: `${account}/events`, stream: true },
  ];
}

/** `/workers`, which the navigation and route guard open to the Workers section only. */
function workersScreenReads(kind: Kind, id: string): Call[] {
  const account = `${api}/${collectionOf[kind]}/${id}`;
  return [
    { what: 'worker list', path: `${account}/workers?sort=worker_name&direction=asc&page=1&per_page=50` },
    { what: 'status counts', path: `${account}/workers/statuses` },
    ...(kind === 'miner' ? [{ what: 'boundary workers', path: `${account}/workers/boundary` }] : []),
    { what: 'live updates', path: `${account}/events`, stream: true },
  ];
}

/** The calls a person with this role makes on `/` and on every mining screen their navigation shows. */
function callsOf(kind: Kind, id: string, role: Role): Call[] {
  const access = roleAccessOf(kind, role);
  const content = dashboardContentOf(access);
  // Financial data makes no call yet: balances come with the money engine, and its card shows none.
  return [
    ...shellCalls,
    ...(content.mining ? miningReads(kind, id) : []),
    ...(sectionAllowed(access, 'Workers') ? workersScreenReads(kind, id) : []),
  ];
}

const cases = accountKinds.flatMap((kind) => roles.map((role) => [role, kind] as const));
const withoutMiningData = cases.filter(([role, kind]) => !dashboardContentOf(roleAccessOf(kind, role)).mining);

describe.each(testDatabaseKinds)('dashboards of every role, on %s', (databaseKind) => {
  let database: Database;
  let server: TestServer;
  const browsers = new Map<Role, TestBrowser>();
  const accounts: Record<Kind, string> = { miner: '', operator: '' };

  beforeAll(async () => {
    database = await openTestDatabase(databaseKind);
    server = await startTestServer(database);
    const factory = await testFactory(database, server);
    const miner = await factory.newMiner();
    const operator = await factory.newOperator();
    accounts.miner = miner.id;
    accounts.operator = operator.id;

    // One person per role, holding that role on a miner and on an operator.
    for (const role of roles) {
      const person = await factory.newPerson({ email: `${role}@dashboards.test` });
      await factory.grant(person, miner, role);
      await factory.grant(person, operator, role);
      browsers.set(role, await factory.signIn(person));
    }
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function statusOf(role: Role, call: Call): Promise<number> {
    const browser = browsers.get(role);
    if (!browser) throw new Error(`no ${role}`);
    if (!call.stream) {
      const response = await browser.fetch(call.path);
      await response.arrayBuffer();
      return response.status;
    }
    const stop = new AbortController();
    const response = await browser.fetch(call.path, { signal: stop.signal });
    stop.abort();
    return response.status;
  }

  it.each(cases)(
    'the %s of a %s account: every call of its dashboard and mining screens answers',
    async (role, kind) => {
      const calls = callsOf(kind, accounts[kind], role);
      const failures: string[] = [];
      for (const call of calls) {
        const status = await statusOf(role, call);
        if (status !== 200) failures.push(`${call.what} (${call.path}): ${status}`);
      }
      expect(failures).toEqual([]);
      // Spec 6: whoever sees mining data reads it; an accountant or treasurer never asks.
      const asksForHashrate = calls.some((call) => call.what === 'hashrate chart');
      expect(asksForHashrate).toBe(!['accountant', 'treasurer'].includes(role));
    },
  );

  it.each(withoutMiningData)(
    'the %s of a %s account is refused the mining reads its dashboard leaves out',
    async (role, kind) => {
      const refused = [...miningReads(kind, accounts[kind]), ...workersScreenReads(kind, accounts[kind])];
      const statuses = await Promise.all(refused.map(async (call) => `${call.what}: ${await statusOf(role, call)}`));
      expect(statuses).toEqual(refused.map((call) => `${call.what}: 403`));
    },
  );

  it('leaves the mining reads out for exactly the accountant and the treasurer', () => {
    expect(withoutMiningData).toEqual([
      ['treasurer', 'miner'],
      ['accountant', 'miner'],
      ['treasurer', 'operator'],
      ['accountant', 'operator'],
    ]);
  });
});
