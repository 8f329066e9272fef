import { randomUUID } from 'node:crypto';
import type { MiningEngine } from '../engine/engine.ts';
import type { HashesPerSecond } from '@pool/contract/mining';
import { hashesPerDifficulty, type Difficulty, type ShareTotals } from '../hashrate.ts';
import { bucketStart } from '../resolutions.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const tera = 1e12;

/** A simulated machine of the demo pool. */
export interface SimulatedWorker {
  accountName: string;
  workerName: string;
  hashRate: HashesPerSecond;
  /** Drops for this long once every `every`, then comes back. */
  flaky?: { every: number; down: number; phase: number };
  /** Went quiet this long before the simulator started, and stays so. */
  stoppedAgo?: number;
}

const machine = (
  accountName: string,
  workerName: string,
  terahashes: number,
  extra: Partial<SimulatedWorker> = {},
) => ({
  accountName,
  workerName,
  hashRate: terahashes * tera,
  ...extra,
});

/** The seeded accounts' machines: a few flaky ones, and some gone off. */
export const demoFleet: readonly SimulatedWorker[] = [
  ...[1, 2, 3, 4].map((n) => machine('alice_hash', `rig-0${n}`, 140)),
  machine('alice_hash', 'rig-05', 200),
  machine('alice_hash', 'rig-06', 110, { flaky: { every: 2 * hour, down: 25 * minute, phase: 40 * minute } }),
  machine('bob_mining', 'bob-s19-1', 95),
  machine('bob_mining', 'bob-s19-2', 95),
  machine('bob_mining', 'bob-s9', 13.5, { flaky: { every: 5 * hour, down: 70 * minute, phase: 3 * hour } }),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) =>
    machine(
      'carol_farm',
      `farm-${String(n).padStart(2, '0')}`,
      110,
      n === 7 ? { flaky: { every: 3 * hour, down: 15 * minute, phase: hour } } : {},
    ),
  ),
  machine('dave_solo', 'garage', 100),
  machine('dave_solo', 'attic', 90, { stoppedAgo: 30 * hour }),
  // A name no account has (a typo in a stratum login): its reward goes to unallocated funds.
  machine('davesolo', 'garage2', 45),
];

/** Pools set a worker's difficulty so that it finds a share every 10 to 20 seconds. */
export function difficultyFor(hashRate: HashesPerSecond): Difficulty {
  const target = (hashRate * 15) / hashesPerDifficulty;
  return 2 ** Math.round(Math.log2(target));
}

export interface SimulatorOptions {
  engine: MiningEngine;
  poolName: string;
  clock?: () => number;
  random?: () => number;
  fleet?: readonly SimulatedWorker[];
  /** How often a batch is published. */
  publishEvery?: number;
  /** History written on a first start, so every period has a chart at once. */
  backfill?: number;
  rejectRate?: number;
  onError?: (error: unknown) => void;
}

/**
 * The embedded demo's share streams: Poisson arrivals at each machine's hashrate and difficulty,
 * published through the engine's ingest with the same validation as any stratum server's.
 */
export function shareSimulator(options: SimulatorOptions) {
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const fleet = options.fleet ?? demoFleet;
  const rejectRate = options.rejectRate ?? 0.01;
  const startedAt = clock();
  const wobble = new Map<SimulatedWorker, number>(fleet.map((worker) => [worker, 1]));
  let publishedThrough = startedAt;
  let timer: NodeJS.Timeout | undefined;
  let publishing: Promise<unknown> = Promise.resolve();

  function online(worker: SimulatedWorker, time: number): boolean {
    if (worker.stoppedAgo !== undefined && time > startedAt - worker.stoppedAgo) return false;
    if (!worker.flaky) return true;
    return (time + worker.flaky.phase) % worker.flaky.every >= worker.flaky.down;
  }

  /** Exponential waiting time of a Poisson process with this mean. */
  const waitFor = (mean: number) => -Math.log(1 - random()) * mean;

  function poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = random(); product > limit; product *= random()) count += 1;
    return count;
  }

  function meanInterval(worker: SimulatedWorker): number {
    const hashRate = worker.hashRate * (wobble.get(worker) ?? 1);
    return ((difficultyFor(worker.hashRate) * hashesPerDifficulty) / hashRate) * 1000;
  }

  function sharesBetween(from: number, to: number) {
    const events: Record<string, unknown>[] = [];
    for (const worker of fleet) {
      // A slow random walk of a few percent, as fans and temperatures move.
      wobble.set(worker, Math.min(1.05, Math.max(0.95, (wobble.get(worker) ?? 1) + (random() - 0.5) * 0.01)));
      const difficulty = difficultyFor(worker.hashRate);
      for (let time = from + waitFor(meanInterval(worker)); time < to; time += waitFor(meanInterval(worker))) {
        if (!online(worker, time)) continue;
        const accepted = random() >= rejectRate;
        events.push({
          pool: options.poolName,
          account_name: worker.accountName,
          worker_name: worker.workerName,
          difficulty,
          accepted,
          ...(accepted ? {} : { reject_reason: 'stale' }),
          at: new Date(time).toISOString(),
        });
      }
    }
    return events.sort((a, b) => String(a.at).localeCompare(String(b.at)));
  }

  async function publish(): Promise<void> {
    const to = clock();
    const events = sharesBetween(publishedThrough, to);
    publishedThrough = to;
    if (events.length > 0) await options.engine.submit({ batchId: `simulator-${randomUUID()}`, events });
  }

  /** Minutes summed as a stratum server's shares would have been, from `from` to the last closed minute. */
  function historyMinutes(from: number, to: number) {
    const minutes: Parameters<MiningEngine['importHistory']>[1] = [];
    for (const worker of fleet) {
      const difficulty = difficultyFor(worker.hashRate);
      for (let start = bucketStart(from, minute); start < to; start += minute) {
        if (!online(worker, start)) continue;
        const shares = poisson(minute / meanInterval(worker));
        if (shares === 0) continue;
        let rejected = 0;
        for (let n = 0; n < shares; n += 1) if (random() < rejectRate) rejected += 1;
        const totals: ShareTotals = {
          acceptedDifficulty: (shares - rejected) * difficulty,
          rejectedDifficulty: rejected * difficulty,
          acceptedShares: shares - rejected,
          rejectedShares: rejected,
        };
        minutes.push({
          accountName: worker.accountName,
          workerName: worker.workerName,
          start,
          totals,
          lastShareAt: start + minute - 1,
        });
      }
    }
    return minutes;
  }

  return {
    /** Backfills history into an empty pool, then streams live; after a stop the gap stays a gap. */
    async start(): Promise<void> {
      const backfill = options.backfill ?? 7 * day;
      if (backfill > 0 && !(await options.engine.hasShares())) {
        const to = options.engine.closedThrough('PT1M');
        publishedThrough = to;
        await options.engine.importHistory(`simulator-history-${to}`, historyMinutes(to - backfill, to));
      }
      const every = options.publishEvery ?? 5000;
      if (every > 0) {
        timer = setInterval(() => {
          publishing = publishing.then(publish).catch((error: unknown) => options.onError?.(error));
        }, every);
        timer.unref();
      }
    },

    publish,

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await publishing;
    },
  };
}

export type ShareSimulator = ReturnType<typeof shareSimulator>;
