import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { loadConfig } from './env.ts';

function problemsOf(env: Record<string, string>): string[] {
  const result = loadConfig(env);
  return result.ok ? [] : result.problems;
}

describe('loadConfig', () => {
  it('starts on loopback port 8080 with PGlite in ./data and the demo on when nothing is set', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.PORT).toBe(8080);
    expect(result.config.HOST).toBe('127.0.0.1');
    expect(result.config.followsHost).toBe(true);
    expect(result.config.DATA_DIR).toBe('./data');
    expect(result.config.DATABASE_URL).toBeUndefined();
    expect(result.config.DEMO).toBe(true);
    expect(result.config.publicUrl).toBe('http://localhost:8080');
    expect(result.config.secureCookies).toBe(false);
  });

  it('derives the public address from PORT and honours PUBLIC_URL without its trailing slash', () => {
    const fromPort = loadConfig({ PORT: '9000' });
    expect(fromPort.ok && fromPort.config.publicUrl).toBe('http://localhost:9000');
    const fromUrl = loadConfig({ PUBLIC_URL: 'https://pool.example.com/', DEMO: 'off' });
    expect(fromUrl.ok && fromUrl.config.followsHost).toBe(false);
    expect(fromUrl.ok && fromUrl.config.publicUrl).toBe('https://pool.example.com');
    expect(fromUrl.ok && fromUrl.config.secureCookies).toBe(true);
  });

  it('turns the demo off with DEMO=off and treats empty values as unset', () => {
    const result = loadConfig({ DEMO: 'off', PORT: '' });
    expect(result.ok && result.config.DEMO).toBe(false);
    expect(result.ok && result.config.PORT).toBe(8080);
  });

  it('names every bad value, one line each, showing what was given only for settings that are not secret', () => {
    expect(problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://db', DEMO: 'maybe' })).toEqual([
      'PORT: must be a port number (got "abc")',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'DEMO: must be one of true, false, on, off, yes, no, 1, 0 (got "maybe")',
    ]);
  });

  it('finding 15: configuration errors never echo the values of secret variables', () => {
    const secrets = {
      INGEST_KEY: 'ingest-sec',
      IDENTITY_ADMIN_TOKEN: 'admin-token-sec',
      METRICS_TOKEN: 'metrics-sec',
      WIDGET_SECRET_SUPPORT_CHAT: 'widget-sec-1',
      WIDGET_SECRET_MESSENGER: 'widget-sec-2',
      WIDGET_SECRET_EMAIL_MARKETING: 'widget-sec-3',
      DEMO_PASSWORD: 'demo-sec',
      DATABASE_URL: 'mysql://root:db-sec@db',
      SMTP_URL: 'http://mailer:smtp-sec@mail',
      NATS_URL: 'http://nats-user:nats-sec@nats',
    };
    const problems = problemsOf(secrets);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual(Object.keys(secrets).sort());
    for (const line of problems) expect(line).not.toMatch(/sec|got/);
  });

  it('refuses ports out of range, unknown themes and languages, and malformed stratum addresses', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: must be between 0 and 65535 (got "70000")']);
    expect(problemsOf({ POOL_THEME: 'dark' })[0]).toMatch(/^POOL_THEME: .*"dark"/);
    expect(problemsOf({ POOL_DEFAULT_LANGUAGE: 'de' })[0]).toMatch(/^POOL_DEFAULT_LANGUAGE: /);
    expect(problemsOf({ POOL_STRATUM_URLS: 'http://pool:3333' })[0]).toMatch(
      /^POOL_STRATUM_URLS: each entry must look like stratum\+tcp/,
    );
    expect(problemsOf({ PASSWORD_MIN_LENGTH: '4' })).toEqual(['PASSWORD_MIN_LENGTH: must be at least 8 (got "4")']);
    expect(problemsOf({ IDENTITY_ADMIN_TOKEN: 'short' })).toEqual([
      'IDENTITY_ADMIN_TOKEN: must be at least 32 characters',
    ]);
  });

  it('puts the identity admin API on a free loopback port unless told which', () => {
    const result = loadConfig({});
    expect(result.ok && result.config.IDENTITY_ADMIN_PORT).toBe(0);
    expect(result.ok && result.config.IDENTITY_ADMIN_TOKEN).toBeUndefined();
  });

  it('serves from one process per core with DATABASE_URL, WEB_CONCURRENCY of them when set, and one on PGlite', () => {
    const processes = (env: Record<string, string>) => {
      const result = loadConfig(env);
      return result.ok ? result.config.processes : result.problems;
    };
    const database = { DATABASE_URL: 'postgres://pool@127.0.0.1:5432/pool' };
    expect(processes(database)).toBe(availableParallelism());
    expect(processes({ ...database, WEB_CONCURRENCY: '3' })).toBe(3);
    expect(processes({ WEB_CONCURRENCY: '3' })).toBe(1);
    expect(processes({ ...database, WEB_CONCURRENCY: '0' })).toEqual(['WEB_CONCURRENCY: must be at least 1 (got "0")']);
  });

  it('splits the stratum list on commas', () => {
    const result = loadConfig({ POOL_STRATUM_URLS: 'stratum+tcp://eu.pool.io:3333, stratum+ssl://us.pool.io:443' });
    expect(result.ok && result.config.POOL_STRATUM_URLS).toEqual([
      'stratum+tcp://eu.pool.io:3333',
      'stratum+ssl://us.pool.io:443',
    ]);
  });

  it('finding 3: refuses the published demo password where other machines can reach it', () => {
    const refusal = /^DEMO: the demo's people would be reachable from other machines with the published password/;
    expect(problemsOf({ HOST: '0.0.0.0' })).toEqual([expect.stringMatching(refusal)]);
    expect(problemsOf({ HOST: '::' })).toEqual([expect.stringMatching(refusal)]);
    expect(problemsOf({ HOST: '192.168.1.20' })).toEqual([expect.stringMatching(refusal)]);
    expect(problemsOf({ PUBLIC_URL: 'https://pool.example.com' })).toEqual([expect.stringMatching(refusal)]);
    expect(problemsOf({ PUBLIC_URL: 'http://pool.example.com' })).toEqual([expect.stringMatching(refusal)]);
    expect(problemsOf({ PUBLIC_URL: 'https://localhost:8080' })).toEqual([expect.stringMatching(refusal)]);
    // Loopback everywhere, a password of the operator's own, or no demo: allowed.
    expect(problemsOf({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:8080' })).toEqual([]);
    expect(problemsOf({ HOST: '::1', PUBLIC_URL: 'http://127.0.0.1:8080' })).toEqual([]);
    expect(problemsOf({ HOST: 'localhost' })).toEqual([]);
    expect(problemsOf({ HOST: '0.0.0.0', DEMO_PASSWORD: 'Our-own-demo-77' })).toEqual([]);
    expect(problemsOf({ HOST: '0.0.0.0', DEMO: 'off' })).toEqual([]);
    expect(problemsOf({ HOST: '0.0.0.0', DEMO_PASSWORD: 'Hashrate-2140' })).toEqual([
      'DEMO_PASSWORD: must not be the published demo password',
    ]);
  });

  it("DEMO_CLOCK moves a demo pool's clock only, and only to a real instant", () => {
    const demoClock = loadConfig({ DEMO_CLOCK: '2026-11-25T13:59:30Z' });
    expect(demoClock.ok && demoClock.config.DEMO_CLOCK).toBe('2026-11-25T13:59:30Z');
    expect(problemsOf({ DEMO_CLOCK: '2026-11-25T16:59:30+03:00' })).toEqual([]);
    expect(problemsOf({ DEMO_CLOCK: 'tomorrow at two' })).toEqual([
      'DEMO_CLOCK: must be an ISO 8601 date and time (got "tomorrow at two")',
    ]);
    expect(problemsOf({ DEMO_CLOCK: '2026-11-25T13:59:30Z', DEMO: 'off' })).toEqual([
      'DEMO_CLOCK: only a demo pool runs on a clock of its own; unset it, or DEMO=on',
    ]);
  });

  it('finding 8: TRUST_PROXY takes a number of proxies or their addresses, never a blanket on', () => {
    const trustOf = (value: string) => {
      const result = loadConfig({ TRUST_PROXY: value, METRICS_TOKEN: 'a-metrics-token-1234' });
      return result.ok ? result.config.TRUST_PROXY : result.problems;
    };
    const byDefault = loadConfig({});
    expect(byDefault.ok && byDefault.config.TRUST_PROXY).toBe(false);
    expect(trustOf('off')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.0/8, 127.0.0.1, ::1, fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    for (const legacy of ['on', 'true', 'yes'])
      expect(trustOf(legacy)).toEqual([expect.stringMatching(/^TRUST_PROXY: .*number of reverse proxies.*e\.g\. 1/)]);
    expect(trustOf('10.0.0.0/99')).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    expect(trustOf('proxy.example.com')).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
  });

  it('pays out on mainnet through the manual desk by default, and refuses unknown networks and bad explorer links', () => {
    const defaults = loadConfig({});
    expect(defaults.ok && defaults.config.BITCOIN_NETWORK).toBe('mainnet');
    expect(defaults.ok && defaults.config.PAYOUT_CONFIRMATIONS).toBe(3);
    expect(defaults.ok && defaults.config.BITCOIN_RPC_WALLET).toBeUndefined();
    expect(defaults.ok && defaults.config.BLOCK_EXPLORER_TX_URL).toBeUndefined();
    const off = loadConfig({ BLOCK_EXPLORER_TX_URL: 'off', PRICE_SERVICE_URL: 'OFF' });
    expect(off.ok && off.config.BLOCK_EXPLORER_TX_URL).toBeNull();
    expect(off.ok && off.config.PRICE_SERVICE_URL).toBeNull();
    expect(
      problemsOf({
        BITCOIN_NETWORK: 'litecoin',
        PAYOUT_CONFIRMATIONS: '0',
        BLOCK_EXPLORER_TX_URL: 'https://explorer.example/tx/',
        EXCHANGE_RATES_URL: 'ftp://rates.example',
      }),
    ).toEqual([
      'EXCHANGE_RATES_URL: must be an http:// or https:// URL, or off (got "ftp://rates.example")',
      'BITCOIN_NETWORK: must be one of mainnet, testnet, signet, regtest (got "litecoin")',
      'PAYOUT_CONFIRMATIONS: must be at least 1 (got "0")',
      'BLOCK_EXPLORER_TX_URL: must be an http(s) URL with {txid} in it, or off (got "https://explorer.example/tx/")',
    ]);
  });
});
