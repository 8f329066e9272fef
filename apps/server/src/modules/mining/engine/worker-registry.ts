import { workerKey, type WorkerEntry } from './aggregator.ts';
import type { ShareNames } from '../ingest/share-names.ts';
import type { MinerRow, MiningWriteRepository } from './write-repository.ts';

/** Names the database did not know are asked again only after this long. */
const unknownNameRetry = 60_000;

/**
 * The miners and workers the engine resolves shares to, held in memory; a share's names remember
 * the worker they found, and a name it has not seen is looked up once per batch.
 */
export function workerRegistry(repository: MiningWriteRepository, clock: () => number) {
  const miners = new Map<string, MinerRow>();
  const unknown = new Map<string, number>();
  const workers = new Map<string, WorkerEntry>();
  /** By miner id, then worker name: a share's lookup builds no key string. */
  const byMiner = new Map<string, Map<string, WorkerEntry>>();
  const index = (entry: WorkerEntry) => {
    workers.set(entry.key, entry);
    let names = byMiner.get(entry.minerId);
    if (!names) {
      names = new Map();
      byMiner.set(entry.minerId, names);
    }
    names.set(entry.workerName, entry);
  };
  const byId = new Map<number, WorkerEntry>();
  /** Moves on whenever a worker is forgotten: names that found a worker before look again. */
  let generation = 0;

  /** A miner's worker by name, made on its first share. */
  function worker(miner: MinerRow, workerName: string): WorkerEntry {
    const known = byMiner.get(miner.id)?.get(workerName);
    if (known) return known;
    const entry: WorkerEntry = {
      key: workerKey(miner.id, workerName),
      id: undefined,
      minerId: miner.id,
      operatorId: miner.operatorId,
      poolId: miner.poolId,
      workerName,
      firstShareAt: null,
      lastShareAt: null,
      storedLastShareAt: null,
      pending: undefined,
    };
    index(entry);
    return entry;
  }

  /** Looks up account names this registry has not seen; answers nothing, fills the map. */
  async function learnMiners(accountNames: Iterable<string>): Promise<void> {
    const now = clock();
    const wanted = [...new Set(accountNames)].filter(
      (name) => !miners.has(name) && (unknown.get(name) ?? 0) <= now - unknownNameRetry,
    );
    if (wanted.length === 0) return;
    for (const miner of await repository.miners(wanted)) miners.set(miner.accountName, miner);
    for (const name of wanted) if (!miners.has(name)) unknown.set(name, now);
  }

  /** Whether these names found their worker since the last one was forgotten. */
  const found = (names: ShareNames): boolean => names.worker !== undefined && names.generation === generation;

  return {
    async load(): Promise<void> {
      for (const miner of await repository.miners()) miners.set(miner.accountName, miner);
      for (const row of await repository.workers()) {
        const entry: WorkerEntry = {
          key: workerKey(row.minerId, row.workerName),
          ...row,
          storedLastShareAt: row.lastShareAt,
          pending: undefined,
        };
        index(entry);
        byId.set(row.id, entry);
      }
    },

    learnMiners,

    /** Looks up the account names of shares whose worker these names have not found yet. */
    async learnNames(names: readonly ShareNames[]): Promise<void> {
      const unresolved: string[] = [];
      for (const entry of names) if (!found(entry)) unresolved.push(entry.accountName);
      if (unresolved.length > 0) await learnMiners(unresolved);
    },

    miner(accountName: string): MinerRow | undefined {
      return miners.get(accountName);
    },

    /**
     * The worker a share's names belong to, remembered on the names; `unallocated` for an account
     * name no live miner has (unknown, or deleted), `unknown_pool` for another pool's miner.
     */
    workerOf(names: ShareNames, poolId: string): WorkerEntry | 'unallocated' | 'unknown_pool' {
      if (found(names)) return names.worker as WorkerEntry;
      const miner = miners.get(names.accountName);
      if (!miner) return 'unallocated';
      if (miner.poolId !== poolId) return 'unknown_pool';
      names.worker = worker(miner, names.workerName);
      names.generation = generation;
      return names.worker;
    },

    worker,

    /** Gives ids to workers seen for the first time, creating their rows. */
    async assignIds(entries: WorkerEntry[]): Promise<void> {
      const fresh = entries.filter((entry) => entry.id === undefined);
      if (fresh.length === 0) return;
      const ids = await repository.ensureWorkers(fresh);
      for (const entry of fresh) {
        entry.id = ids.get(entry.key);
        if (entry.id === undefined) throw new Error(`worker ${entry.key} was neither created nor found`);
        byId.set(entry.id, entry);
      }
    },

    forget(ids: number[]): void {
      if (ids.length > 0) generation += 1;
      for (const id of ids) {
        const entry = byId.get(id);
        if (!entry) continue;
        byId.delete(id);
        workers.delete(entry.key);
        byMiner.get(entry.minerId)?.delete(entry.workerName);
      }
    },

    all(): IterableIterator<WorkerEntry> {
      return workers.values();
    },

    get size(): number {
      return workers.size;
    },
  };
}

export type WorkerRegistry = ReturnType<typeof workerRegistry>;
