import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import { loadConfig } from '../src/config/env.ts';
import { demoPassword, demoPeople } from '../src/demo/people.ts';
import { startServer } from '../src/server.ts';
import { fakeWebRoot, testConfig } from './support/server.ts';
import { TestBrowser } from './support/browser.ts';

const main = new URL('../src/main.ts', import.meta.url).pathname;

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Starts main.ts, collects what it prints until it says it is running, then stops it. */
async function printedAtStart(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PORT: '0', SIMULATOR: 'off', ...env },
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${printed}`)), 60_000);
      child.stdout.on('data', () => {
        if (/Pool dashboard is running[\s\S]*\n\n$/.test(printed)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}:\n${printed}`));
      });
    });
  } finally {
    child.kill('SIGTERM');
  }
  return printed;
}

const staff = demoPeople.find((person) => person.email === 'staff@demo.pool');
if (!staff) throw new Error('the demo has no staff person');

async function signInStatus(origin: string, email: string, password: string): Promise<'signed in' | 'refused'> {
  try {
    await new TestBrowser(origin).signIn(email, password);
    return 'signed in';
  } catch {
    return 'refused';
  }
}

// Each test starts the whole server (main.ts in a child process or in-process), which takes far
// longer than a unit test on a loaded 2-core machine.
const startsServer = { timeout: 90_000 };

describe('starting with a bad configuration', startsServer, () => {
  it('stops before opening anything, with one line per bad value and no stack trace', () => {
    const run = runMain({ PORT: 'eighty', DATABASE_URL: 'mysql://db', PASSWORD_MIN_LENGTH: '3' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: the configuration is not valid.');
    expect(run.stderr).toContain('PORT: must be a port number (got "eighty")');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(run.stderr).toContain('PASSWORD_MIN_LENGTH: must be at least 8 (got "3")');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('finding 15: never prints the value of a secret variable', () => {
    const run = runMain({
      INGEST_KEY: 'short-ingest',
      METRICS_TOKEN: 'short-metric',
      DATABASE_URL: 'mysql://root:hunter2@db',
      DEMO_PASSWORD: 'tiny-demo',
    });
    expect(run.status).toBe(1);
    for (const name of ['INGEST_KEY', 'METRICS_TOKEN', 'DATABASE_URL', 'DEMO_PASSWORD'])
      expect(run.stderr).toContain(`${name}: `);
    expect(run.stderr).not.toMatch(/short-ingest|short-metric|hunter2|tiny-demo/);
  });
});

describe('finding 3: the demo is safe as a default', startsServer, () => {
  it('finding 3: listens on loopback when HOST is not set', async () => {
    const loaded = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', SIMULATOR: 'off', DATA_DIR: 'memory://' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const server = await startServer(loaded.config, { webRoot: fakeWebRoot() });
    try {
      expect((server.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('finding 3: refuses, in one line, a demo with the published password that other machines can reach', () => {
    const exposed: Record<string, string>[] = [{ HOST: '0.0.0.0' }, { PUBLIC_URL: 'https://pool.example.com' }];
    for (const env of exposed) {
      const run = runMain(env);
      expect(run.status).toBe(1);
      const lines = run.stderr.split('\n').filter((line) => line.startsWith('  - '));
      expect(lines).toEqual([
        expect.stringMatching(/^ {2}- DEMO: the demo's people would be reachable from other machines.*DEMO_PASSWORD/),
      ]);
    }
  });

  it('finding 3: prints DEMO_PASSWORD, never the published one, when the operator chose a password', async () => {
    const printed = await printedAtStart({ DEMO_PASSWORD: 'Our-own-demo-password-9' });
    expect(printed).toContain('staff@demo.pool');
    expect(printed).toContain('Our-own-demo-password-9');
    expect(printed).not.toContain(demoPassword);
  });
});

describe.each(testDatabaseKinds)('finding 3: demo seeding on %s', startsServer, (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const start = (env: Record<string, string> = {}) =>
    startServer(testConfig(env), { database, webRoot: fakeWebRoot() });

  it('seeds the demo accounts into an empty database', async () => {
    const own = await openTestDatabase(kind);
    const server = await startServer(testConfig(), { database: own, webRoot: fakeWebRoot() });
    try {
      // What the seed wrote, read from the table it wrote to.
      const rows = await own.query<{ account_name: string }>('select account_name from app.miners order by 1');
      expect(rows.map((row) => row.account_name)).toEqual(['alice_hash', 'bob_mining', 'carol_farm', 'dave_solo']);
    } finally {
      await server.close();
      await own.close();
    }
  });

  it('finding 3: seeds the demo people with DEMO_PASSWORD instead of the published password', async () => {
    const own = await openTestDatabase(kind);
    const server = await startServer(testConfig({ DEMO_PASSWORD: 'Our-own-demo-password-9' }), {
      database: own,
      webRoot: fakeWebRoot(),
    });
    try {
      expect(await signInStatus(server.listeningOn, staff.email, demoPassword)).toBe('refused');
      expect(await signInStatus(server.listeningOn, staff.email, 'Our-own-demo-password-9')).toBe('signed in');
    } finally {
      await server.close();
      await own.close();
    }
  });

  it('finding 3: a deleted demo admin, permission and miner stay deleted after a restart', async () => {
    const first = await start();
    try {
      expect(await signInStatus(first.listeningOn, staff.email, demoPassword)).toBe('signed in');
    } finally {
      await first.close();
    }
    // Deleted while no server runs, as with psql: whatever removes them, a restart must not bring
    // them back. The checks below read the same tables.
    await database.query('delete from identity.identities where id = $1', [staff.id]);
    await database.query('delete from app.permissions where user_id = $1', [staff.id]);
    await database.query(
      "delete from app.permissions where account_id in (select id from app.miners where account_name = 'dave_solo')",
    );
    // The demo miner's operator fees, payout wallet and wallet history name the miner, so they go first.
    await database.query(
      "delete from app.operator_fees where miner_id in (select id from app.miners where account_name = 'dave_solo')",
    );
    await database.query(
      `delete from app.wallet_changes where wallet_id in
         (select w.id from app.wallets w join app.miners m on m.id = w.miner_id where m.account_name = 'dave_solo')`,
    );
    await database.query(
      "delete from app.wallets where miner_id in (select id from app.miners where account_name = 'dave_solo')",
    );
    await database.query("delete from app.miners where account_name = 'dave_solo'");

    const second = await start();
    try {
      expect(await signInStatus(second.listeningOn, staff.email, demoPassword)).toBe('refused');
      expect(await database.query('select 1 from identity.identities where id = $1', [staff.id])).toEqual([]);
      expect(await database.query('select 1 from app.permissions where user_id = $1', [staff.id])).toEqual([]);
      expect(await database.query("select 1 from app.miners where account_name = 'dave_solo'")).toEqual([]);
      // The rest of the demo is still there.
      expect(await signInStatus(second.listeningOn, 'bob@demo.pool', demoPassword)).toBe('signed in');
    } finally {
      await second.close();
    }
  });

  it('finding 3: never seeds the demo into a database that was not empty', async () => {
    const own = await openTestDatabase(kind);
    try {
      const first = await startServer(testConfig({ DEMO: 'off' }), { database: own, webRoot: fakeWebRoot() });
      await first.close();
      const second = await startServer(testConfig({ DEMO: 'on' }), { database: own, webRoot: fakeWebRoot() });
      try {
        expect(await own.query('select 1 from app.miners union all select 1 from app.operators')).toEqual([]);
        expect(await own.query('select 1 from identity.identities')).toEqual([]);
        expect(await signInStatus(second.listeningOn, staff.email, demoPassword)).toBe('refused');
      } finally {
        await second.close();
      }
    } finally {
      await own.close();
    }
  });
});
