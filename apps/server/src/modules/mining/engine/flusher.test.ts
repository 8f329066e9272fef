import { describe, expect, it } from 'vitest';
import { shareAggregator } from './aggregator.ts';
import { miningEventBus } from '../events.ts';
import { serialChain, snapshotFlusher } from './flusher.ts';
import { waitingBatches } from '../ingest/intake.ts';
import type { FlushInput } from './flush-writes.ts';

/** A flusher over an empty aggregator whose commits are recorded, or fail with `failWith`. */
function recordingFlusher(failWith?: Error, foldInterval = 0) {
  const commits: FlushInput['batches'][] = [];
  const folds: boolean[] = [];
  const errors: string[] = [];
  const queue = waitingBatches();
  const flusher = snapshotFlusher({
    queue,
    aggregator: shareAggregator(),
    registry: { assignIds: () => Promise.resolve() },
    repository: {
      commitFlush: async (input: FlushInput) => {
        commits.push(input.batches);
        await Promise.resolve();
        if (failWith) throw failWith;
      },
    },
    background: { hand: (_rows, { fold }) => folds.push(fold) },
    closer: { markLate: () => {} },
    events: miningEventBus(),
    serially: serialChain(),
    clock: () => 0,
    interval: 0,
    foldInterval,
    onError: (_error, during) => errors.push(during),
  });
  const submit = (batchId: string) => {
    const committed = queue.add({ batchId, accepted: 1, rejected: 0 });
    flusher.schedule();
    return committed;
  };
  return { submit, commits, folds, errors };
}

describe('snapshot flusher', () => {
  it('commits the batches that arrived during a flush together in the next one', async () => {
    const { submit, commits } = recordingFlusher();
    // The first batch starts a flush at once; the next two arrive while it is under way.
    await Promise.all([submit('a'), submit('b'), submit('c')]);
    expect(commits.map((batches) => batches.map((batch) => batch.batchId))).toEqual([['a'], ['b', 'c']]);
  });

  it('folds the worker-minute log in the first flush, then once the fold interval has passed', async () => {
    const everyFlush = recordingFlusher(undefined, 0);
    await everyFlush.submit('a');
    await everyFlush.submit('b');
    expect(everyFlush.folds).toEqual([true, true]);

    const hourly = recordingFlusher(undefined, 60 * 60_000);
    await hourly.submit('a');
    await hourly.submit('b');
    await hourly.submit('c');
    expect(hourly.folds).toEqual([true, false, false]);
  });

  it('rejects every batch of a failed flush and reports the failure once per flush', async () => {
    const failure = new Error('the database went away');
    const { submit, errors } = recordingFlusher(failure);
    const batches = [submit('a'), submit('b')];
    for (const batch of batches) await expect(batch).rejects.toBe(failure);
    expect(errors).toEqual(['flush', 'flush']);
  });
});

describe('serial chain', () => {
  it('runs work one at a time, going on after a failure', async () => {
    const serially = serialChain();
    const order: string[] = [];
    const failed = serially(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push('first');
      throw new Error('first failed');
    });
    const second = serially(async () => {
      order.push('second');
      return 2;
    });
    await expect(failed).rejects.toThrow('first failed');
    await expect(second).resolves.toBe(2);
    expect(order).toEqual(['first', 'second']);
  });
});
