import type { WorkerEntry } from '../engine/aggregator.ts';

/**
 * The account and worker name of shares, held once however many shares carry them, and the
 * worker they were last found to be (engine/worker-registry.ts, `workerOf`): a share then costs
 * the aggregating thread no string and no map lookup.
 */
export interface ShareNames {
  readonly accountName: string;
  readonly workerName: string;
  worker?: WorkerEntry;
  /** The registry's generation when `worker` was found; a forgotten worker starts a new one. */
  generation?: number;
}

/** Names a dictionary numbered since its last `drain`, in pairs; `reset` when it started again from 0. */
export interface NamesUpdate {
  reset: boolean;
  /** The number of the first pair in `added`. */
  from: number;
  /** Account name, worker name, account name, ... */
  added: string[];
}

/** Past this many pairs a dictionary starts again, so that names sent once are not kept forever. */
export const defaultNamesLimit = 1_000_000;

/**
 * Numbers each distinct (account name, worker name) pair, where a batch is parsed: a parser
 * thread sends each pair's names once, and each share only carries its pair's number.
 */
export function namesDictionary(limit = defaultNamesLimit) {
  let byAccount = new Map<string, Map<string, number>>();
  let size = 0;
  let reset = false;
  let from = 0;
  let added: string[] = [];

  return {
    /**
     * Starts again from 0 when `count` new pairs might not fit: called before a batch is
     * numbered, so that all the numbers of one batch belong to one table.
     */
    makeRoom(count: number): void {
      if (size + count <= limit) return;
      byAccount = new Map();
      size = 0;
      reset = true;
      from = 0;
      added = [];
    },

    numberOf(accountName: string, workerName: string): number {
      let workers = byAccount.get(accountName);
      const known = workers?.get(workerName);
      if (known !== undefined) return known;
      if (!workers) {
        workers = new Map();
        byAccount.set(accountName, workers);
      }
      const number = size;
      size += 1;
      workers.set(workerName, number);
      added.push(accountName, workerName);
      return number;
    },

    /** What the other side needs to read the numbers handed out since the last drain. */
    drain(): NamesUpdate {
      const update = { reset, from, added };
      reset = false;
      from = size;
      added = [];
      return update;
    },
  };
}

export type NamesDictionary = ReturnType<typeof namesDictionary>;

/** The other side of a dictionary: its updates applied in the order drained, numbers read back as names. */
export function namesTable() {
  let table: ShareNames[] = [];

  return {
    apply(update: NamesUpdate): void {
      if (update.reset) table = [];
      const { added } = update;
      for (let at = 0; at < added.length; at += 2) {
        table[update.from + at / 2] = { accountName: added[at] as string, workerName: added[at + 1] as string };
      }
    },

    /** The names of each number, read now: a later reset does not change what was read. */
    read(numbers: Int32Array): ShareNames[] {
      const names = new Array<ShareNames>(numbers.length);
      for (let at = 0; at < numbers.length; at += 1) {
        const entry = table[numbers[at] as number];
        if (!entry) throw new Error(`share names ${numbers[at]} were never sent`);
        names[at] = entry;
      }
      return names;
    },
  };
}

export type NamesTable = ReturnType<typeof namesTable>;
