import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

function problemsOf(env: Record<string, string>): string[] {
  const result = loadConfig(env);
  return result.ok ? [] : result.problems;
}

describe('loadConfig', () => {
  it('starts on port 8080 with PGlite in ./data and the demo on when nothing is set', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.PORT).toBe(8080);
    expect(result.config.DATA_DIR).toBe('./data');
    expect(result.config.DATABASE_URL).toBeUndefined();
    expect(result.config.DEMO).toBe(true);
    expect(result.config.publicUrl).toBe('http://localhost:8080');
    expect(result.config.secureCookies).toBe(false);
  });

  it('derives the public address from PORT and honours PUBLIC_URL without its trailing slash', () => {
    const fromPort = loadConfig({ PORT: '9000' });
    expect(fromPort.ok && fromPort.config.publicUrl).toBe('http://localhost:9000');
    const fromUrl = loadConfig({ PUBLIC_URL: 'https://pool.example.com/' });
    expect(fromUrl.ok && fromUrl.config.publicUrl).toBe('https://pool.example.com');
    expect(fromUrl.ok && fromUrl.config.secureCookies).toBe(true);
  });

  it('turns the demo off with DEMO=off and treats empty values as unset', () => {
    const result = loadConfig({ DEMO: 'off', PORT: '' });
    expect(result.ok && result.config.DEMO).toBe(false);
    expect(result.ok && result.config.PORT).toBe(8080);
  });

  it('names every bad value with what was given, one line each', () => {
    expect(problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://db', DEMO: 'maybe' })).toEqual([
      'PORT: must be a port number (got "abc")',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://db")',
      'DEMO: must be one of true, false, on, off, yes, no, 1, 0 (got "maybe")',
    ]);
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
      'IDENTITY_ADMIN_TOKEN: must be at least 32 characters (got "short")',
    ]);
  });

  it('puts the identity admin API on a free loopback port unless told which', () => {
    const result = loadConfig({});
    expect(result.ok && result.config.IDENTITY_ADMIN_PORT).toBe(0);
    expect(result.ok && result.config.IDENTITY_ADMIN_TOKEN).toBeUndefined();
  });

  it('splits the stratum list on commas', () => {
    const result = loadConfig({ POOL_STRATUM_URLS: 'stratum+tcp://eu.pool.io:3333, stratum+ssl://us.pool.io:443' });
    expect(result.ok && result.config.POOL_STRATUM_URLS).toEqual([
      'stratum+tcp://eu.pool.io:3333',
      'stratum+ssl://us.pool.io:443',
    ]);
  });
});
