import { describe, expect, it } from 'vitest';
import type { Resolution } from '@pool/contract/mining';
import { miningEventBus } from '../events.ts';
import { backgroundWrites } from './background-writes.ts';
import { serialChain } from './flusher.ts';
import { bucketCloser } from './rollup.ts';
import { miningTicker } from './ticker.ts';
import type { WorkerRegistry } from './worker-registry.ts';
import type { MiningWriteRepository } from './write-repository.ts';

const minute = 60_000;

/** A ticker over a closer whose roll-ups fail while `failing` is set, with nothing else to write. */
function tickerWithFailingRollUps() {
  let now = Date.parse('2026-03-08T12:00:30Z');
  const state = { failing: false, rollUps: 0 };
  const repository = {
    rollupState: () => Promise.resolve(new Map<Resolution, number>()),
    markClosed: () => Promise.resolve(),
    refreshWorkerStats: () => Promise.resolve(0),
    accountsWithMinute: () => Promise.resolve([]),
    rollUp: () => {
      if (state.failing) return Promise.reject(new Error('the database went away'));
      state.rollUps += 1;
      return Promise.resolve([]);
    },
    foldWorkerMinutes: () => Promise.resolve(),
    storeWorkerActivity: () => Promise.resolve(),
    applyRetention: () => Promise.resolve([]),
  } as unknown as MiningWriteRepository;
  const closer = bucketCloser(repository, miningEventBus(), { closeDelay: 5000, maxShareAge: 30 * minute });
  const ticker = miningTicker({
    clock: () => now,
    interval: 0,
    batchRetention: 24 * 60 * minute,
    serially: serialChain(),
    closer,
    registry: { all: () => [][Symbol.iterator](), forget: () => {} } as unknown as WorkerRegistry,
    repository,
    background: backgroundWrites({ repository, onError: () => {} }),
    counts: { store: () => Promise.resolve() },
    events: miningEventBus(),
    onError: () => {},
  });
  return { ticker, closer, state, advance: (ms: number) => (now += ms) };
}

describe('mining ticker', () => {
  it('fails a tick whose close fails, and writes that close with the next tick', async () => {
    const { ticker, closer, state, advance } = tickerWithFailingRollUps();
    await ticker.start();
    const closedBefore = closer.closedThrough('PT5M');
    state.failing = true;
    advance(5 * minute);
    await expect(ticker.tick()).rejects.toThrow('the database went away');
    expect(closer.closedThrough('PT5M')).toBe(closedBefore);
    state.failing = false;
    // Nothing new ended: the tick writes the close that failed.
    await ticker.tick();
    expect(closer.closedThrough('PT5M')).toBe(closedBefore + 5 * minute);
  });
});
