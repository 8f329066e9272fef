import { describe, expect, it } from 'vitest';
import type { WorkerEntry } from './aggregator.ts';
import { backgroundWrites } from './background-writes.ts';
import type { ActivityDelta } from './flush-writes.ts';
import { activityStep, activityToStore } from './worker-activity.ts';

const worker = (id: number): WorkerEntry => ({
  key: `miner/rig-${id}`,
  id,
  minerId: 'miner',
  operatorId: null,
  poolId: 'pool',
  workerName: `rig-${id}`,
  firstShareAt: null,
  lastShareAt: null,
  storedLastShareAt: null,
});

/** A repository whose writes are recorded and each wait until the test releases them. */
function heldRepository() {
  const writes: (['fold'] | ['activity', ActivityDelta<number>[]])[] = [];
  let waiting: (() => void)[] = [];
  let failure: Error | undefined;
  const write = async (entry: (typeof writes)[number]) => {
    writes.push(entry);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (failure) throw failure;
  };
  return {
    writes,
    /** Lets the writes waiting now finish. */
    release: () => {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    failWith: (error: Error | undefined) => {
      failure = error;
    },
    repository: {
      foldWorkerMinutes: () => write(['fold']),
      storeWorkerActivity: (rows: ActivityDelta<number>[]) => write(['activity', rows]),
    },
  };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('background writes', () => {
  it('starts at once, and the next flushes do not hand again a row it has under way', async () => {
    const held = heldRepository();
    const background = backgroundWrites({ repository: held.repository, onError: () => {} });
    const rig = worker(1);
    background.hand([{ owner: rig, firstShareAt: 1000, lastShareAt: 2000 }], { fold: true });
    await settle();
    expect(held.writes).toEqual([['fold']]);
    // The next flush finds the rig's row under way: nothing of it to hand again.
    rig.firstShareAt = 1000;
    rig.lastShareAt = 2000;
    const next = [{ owner: rig, firstShareAt: 2500, lastShareAt: 3000 }];
    expect(activityToStore(next, activityStep)).toEqual([]);
    held.release();
    await settle();
    expect(held.writes.at(-1)).toEqual(['activity', [{ owner: 1, firstShareAt: 1000, lastShareAt: 2000 }]]);
    held.release();
    await settle();
    expect(rig.storedLastShareAt).toBe(2000);
  });

  it('merges what is handed during a write into one next write, widening each worker to its span', async () => {
    const held = heldRepository();
    const background = backgroundWrites({ repository: held.repository, onError: () => {} });
    const [one, two] = [worker(1), worker(2)];
    background.hand([{ owner: one, firstShareAt: 5000, lastShareAt: 6000 }], { fold: false });
    await settle();
    background.hand([{ owner: one, firstShareAt: 7000, lastShareAt: 9000 }], { fold: false });
    background.hand(
      [
        { owner: one, firstShareAt: 4000, lastShareAt: 8000 },
        { owner: two, firstShareAt: 100, lastShareAt: 200 },
      ],
      { fold: true },
    );
    held.release();
    await settle();
    held.release();
    await settle();
    held.release();
    await settle();
    expect(held.writes).toEqual([
      ['activity', [{ owner: 1, firstShareAt: 5000, lastShareAt: 6000 }]],
      ['fold'],
      [
        'activity',
        [
          { owner: 1, firstShareAt: 4000, lastShareAt: 9000 },
          { owner: 2, firstShareAt: 100, lastShareAt: 200 },
        ],
      ],
    ]);
    expect([one.storedLastShareAt, two.storedLastShareAt]).toEqual([9000, 200]);
  });

  it('reports a failed write once, and a drain writes it again and throws what fails', async () => {
    const held = heldRepository();
    const errors: string[] = [];
    const background = backgroundWrites({
      repository: held.repository,
      onError: (_error, during) => errors.push(during),
    });
    const rig = worker(1);
    const failure = new Error('the database went away');
    held.failWith(failure);
    background.hand([{ owner: rig, firstShareAt: 1000, lastShareAt: 2000 }], { fold: false });
    held.release();
    await settle();
    // One report, no retry in a loop.
    expect([errors, held.writes.length]).toEqual([['background write'], 1]);

    const failedDrain = background.drain();
    await settle();
    held.release();
    await expect(failedDrain).rejects.toBe(failure);

    held.failWith(undefined);
    const drained = background.drain();
    await settle();
    held.release();
    await settle();
    held.release();
    await drained;
    expect(held.writes.slice(-2)).toEqual([
      ['fold'],
      ['activity', [{ owner: 1, firstShareAt: 1000, lastShareAt: 2000 }]],
    ]);
  });

  it('drains after the write under way, folding even when none was handed', async () => {
    const held = heldRepository();
    const background = backgroundWrites({ repository: held.repository, onError: () => {} });
    background.hand([{ owner: worker(1), firstShareAt: 1, lastShareAt: 2 }], { fold: false });
    let drained = false;
    const draining = background.drain().then(() => {
      drained = true;
    });
    await settle();
    expect([held.writes.length, drained]).toEqual([1, false]);
    held.release();
    await settle();
    expect(held.writes.at(-1)).toEqual(['fold']);
    held.release();
    await draining;
    expect(held.writes.map(([kind]) => kind)).toEqual(['activity', 'fold']);
  });
});

describe('background jobs', () => {
  it('runs a job after folding what was handed before it, one write at a time', async () => {
    const held = heldRepository();
    const background = backgroundWrites({ repository: held.repository, onError: () => {} });
    const order: string[] = [];
    background.hand([{ owner: worker(1), firstShareAt: 1, lastShareAt: 2 }], { fold: false });
    await settle();
    // A close is handed while the rows are written: it waits, then a fold goes first.
    const closed = background.after(async () => {
      order.push(`close after ${held.writes.length} writes`);
    });
    await settle();
    expect(order).toEqual([]);
    held.release();
    await settle();
    expect(held.writes.at(-1)).toEqual(['fold']);
    held.release();
    await closed;
    expect(order).toEqual(['close after 2 writes']);
  });

  it('fails only the promise of a job that fails, and goes on with what follows', async () => {
    const held = heldRepository();
    const errors: string[] = [];
    const background = backgroundWrites({ repository: held.repository, onError: (_e, during) => errors.push(during) });
    const failure = new Error('the roll-up failed');
    const failed = expect(background.after(() => Promise.reject(failure))).rejects.toBe(failure);
    const next = expect(background.after(() => Promise.resolve())).resolves.toBeUndefined();
    // Each was handed after the other's fold began: two folds.
    for (let write = 0; write < 2; write += 1) {
      await settle();
      held.release();
    }
    await failed;
    await next;
    expect(errors).toEqual([]);
  });

  it('drains the jobs handed before it', async () => {
    const held = heldRepository();
    const background = backgroundWrites({ repository: held.repository, onError: () => {} });
    let ran = false;
    void background.after(async () => {
      ran = true;
    });
    const drained = background.drain();
    for (let write = 0; write < 2; write += 1) {
      await settle();
      held.release();
    }
    await drained;
    expect(ran).toBe(true);
  });
});
