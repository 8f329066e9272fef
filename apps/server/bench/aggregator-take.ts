import { shareAggregator, workerKey, type WorkerEntry } from '../src/modules/mining/engine/aggregator.ts';

/**
 * The aggregator's hand-over to a flush (`take`) when every worker of the pool shared since the
 * last one, as under load: it runs on the thread that serves the API, so it is a pause of every
 * request in flight once a second. Two shares per worker between flushes, 2,000 miners, half the
 * workers under one operator, as in the bench's pool.
 */
export function measureTake(workers: number, miners: number, flushes = 20) {
  const entries: WorkerEntry[] = Array.from({ length: workers }, (_, i) => {
    const minerId = `miner-${i % miners}`;
    return {
      key: workerKey(minerId, `rig${i}`),
      id: i + 1,
      minerId,
      operatorId: i % 2 === 0 ? 'operator' : null,
      poolId: 'pool',
      workerName: `rig${i}`,
      firstShareAt: null,
      lastShareAt: null,
      storedLastShareAt: null,
    };
  });
  const aggregator = shareAggregator();
  // A flush a second: its shares fall in one minute, as nearly all do.
  const at = Date.now() - (Date.now() % 60_000);
  const times: number[] = [];
  // The first flushes warm the code up and are left out.
  for (let flush = 0; flush < flushes + 5; flush += 1) {
    for (let share = 0; share < 2 * workers; share += 1)
      aggregator.add(entries[share % workers] as WorkerEntry, at + (share % 1000), 65536, share % 100 !== 0);
    const started = performance.now();
    aggregator.take();
    if (flush >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] as number, max: times[times.length - 1] as number };
}
