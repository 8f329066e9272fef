import { describe, expect, it, vi } from 'vitest';
import type { WatcherInfo } from '@pool/contract/watchers';
import { createWatcherCheck } from './watcher-check.ts';

const info = (name: string): WatcherInfo => ({ name, permissions: [] });

describe('watcher check (spec 4)', () => {
  it('goes from initial through pending to success, and keeps a success for the same token', async () => {
    const fetcher = vi.fn(async (token: string) => info(token));
    const check = createWatcherCheck(fetcher);
    expect(check.status()).toBe('initial');
    const first = check.check('a');
    expect(check.status()).toBe('pending');
    expect(await first).toEqual(info('a'));
    expect(check.status()).toBe('success');
    await check.check('a');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('checks again when the token changes', async () => {
    const fetcher = vi.fn(async (token: string) => info(token));
    const check = createWatcherCheck(fetcher);
    await check.check('a');
    expect(await check.check('b')).toEqual(info('b'));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('checks again after an error, even for the same token', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('revoked')).mockResolvedValueOnce(info('a'));
    const check = createWatcherCheck(fetcher);
    await expect(check.check('a')).rejects.toThrow('revoked');
    expect(check.status()).toBe('error');
    expect(await check.check('a')).toEqual(info('a'));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shares a check under way for the same token', async () => {
    const fetcher = vi.fn(async (token: string) => info(token));
    const check = createWatcherCheck(fetcher);
    await Promise.all([check.check('a'), check.check('a')]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
