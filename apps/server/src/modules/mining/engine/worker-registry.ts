import { workerKey, type WorkerEntry } from './aggregator.ts';
import type { MinerRow, MiningWriteRepository } from './write-repository.ts';

/** Names the database did not know are asked again only after this long. */
const unknownNameRetry = 60_000;

/**
 * The miners and workers the engine resolves shares to, held in memory so a share costs two map
 * lookups; a name it has not seen is looked up once per batch.
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

  return {
    async load(): Promise<void> {
      for (const miner of await repository.miners()) miners.set(miner.accountName, miner);
      for (const row of await repository.workers()) {
        const entry: WorkerEntry = {
          key: workerKey(row.minerId, row.workerName),
          ...row,
          storedLastShareAt: row.lastShareAt,
        };
        index(entry);
        byId.set(row.id, entry);
      }
    },

    /** Looks up account names this registry has not seen; answers nothing, fills the map. */
    async learnMiners(accountNames: Iterable<string>): Promise<void> {
      const now = clock();
      const wanted = [...new Set(accountNames)].filter(
        (name) => !miners.has(name) && (unknown.get(name) ?? 0) <= now - unknownNameRetry,
      );
      if (wanted.length === 0) return;
      const found = await repository.miners(wanted);
      for (const miner of found) miners.set(miner.accountName, miner);
      for (const name of wanted) if (!miners.has(name)) unknown.set(name, now);
    },

    miner(accountName: string): MinerRow | undefined {
      return miners.get(accountName);
    },

    worker(miner: MinerRow, workerName: string): WorkerEntry {
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
      };
      index(entry);
      return entry;
    },

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
