import { describe, expect, it } from 'vitest';
import { createVersionCheck } from './version-check.ts';

function server(versions: (string | Error)[]) {
  return async () => {
    const next = versions.shift();
    if (next === undefined || next instanceof Error) throw next ?? new Error('no more versions');
    return next;
  };
}

describe('version check (spec 4)', () => {
  it('goes from initial through loading to done and stores the version', async () => {
    const check = createVersionCheck(server(['1.0.0']));
    expect(check.status()).toBe('initial');
    const started = check.start();
    expect(check.status()).toBe('loading');
    await started;
    expect(check.status()).toBe('done');
    expect(check.storedVersion()).toBe('1.0.0');
  });

  it('refuses a re-check while initial or loading', async () => {
    const check = createVersionCheck(server(['1.0.0', '2.0.0']));
    expect(await check.recheck()).toBeUndefined();
    const started = check.start();
    expect(await check.recheck()).toBeUndefined();
    await started;
    expect(await check.recheck()).toBe('changed');
  });

  it("says 'not changed' for the same version", async () => {
    const check = createVersionCheck(server(['1.0.0', '1.0.0']));
    await check.start();
    expect(await check.recheck()).toBe('not changed');
  });

  it('fails on a fetch error and may re-check afterwards', async () => {
    const check = createVersionCheck(server([new Error('offline'), '1.0.0', '1.1.0']));
    await check.start();
    expect(check.status()).toBe('fail');
    expect(await check.recheck()).toBe('not changed');
    expect(await check.recheck()).toBe('changed');
  });
});
