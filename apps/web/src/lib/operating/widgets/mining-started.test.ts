import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { miningStartedFrom, watchMiningStarted } from './mining-started.ts';
import { reportMiningStarted } from './support-tools.ts';

const counts = (total: number) => ({ stable: total, unavailable: 0, off: 0, removed: 0, total });

afterEach(() => {
  reportMiningStarted(false);
  delete window.messenger;
});

describe("the messenger's 'Mining Started'", () => {
  it('reads the worker counts of account statistics and of unfiltered statuses', () => {
    expect(miningStartedFrom(['mining', 'stats', 'miner', 'm-1'], { workers: counts(2) })).toBe(true);
    expect(miningStartedFrom(['mining', 'stats', 'miner', 'm-1'], { workers: counts(0) })).toBe(false);
    expect(miningStartedFrom(['mining', 'statuses', 'miner', 'm-1', ''], counts(1))).toBe(true);
  });

  it('ignores filtered statuses, other answers and other queries', () => {
    expect(miningStartedFrom(['mining', 'statuses', 'miner', 'm-1', 'rig'], counts(0))).toBeUndefined();
    expect(miningStartedFrom(['mining', 'chart', 'miner', 'm-1'], { points: [] })).toBeUndefined();
    expect(miningStartedFrom(['identity'], { workers: counts(3) })).toBeUndefined();
    expect(miningStartedFrom(['mining', 'stats'], undefined)).toBeUndefined();
  });

  it('counts what the screens learned before it started', () => {
    const update = vi.fn();
    window.messenger = { update };
    const client = new QueryClient();
    client.setQueryData(['mining', 'statuses', 'miner', 'm-1', ''], counts(4));
    const stop = watchMiningStarted(client);
    expect(update).toHaveBeenCalledWith({ 'Mining Started': true });
    stop();
  });

  it('updates the messenger when the screens learn the account mines', () => {
    const update = vi.fn();
    window.messenger = { update };
    const client = new QueryClient();
    const stop = watchMiningStarted(client);
    client.setQueryData(['mining', 'stats', 'miner', 'm-1'], { workers: counts(0) });
    expect(update).not.toHaveBeenCalled();
    client.setQueryData(['mining', 'stats', 'miner', 'm-1'], { workers: counts(1) });
    expect(update).toHaveBeenCalledWith({ 'Mining Started': true });
    stop();
  });
});
