import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const main = new URL('../src/main.ts', import.meta.url).pathname;

describe('starting with a bad configuration', () => {
  it('stops before opening anything, with one line per bad value and no stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        PASSWORD_MIN_LENGTH: '3',
        DATA_DIR: 'memory://',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The server cannot start: the configuration is not valid.');
    expect(run.stderr).toContain('PORT: must be a port number (got "eighty")');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://db")');
    expect(run.stderr).toContain('PASSWORD_MIN_LENGTH: must be at least 8 (got "3")');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
