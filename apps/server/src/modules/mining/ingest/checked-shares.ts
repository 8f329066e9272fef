import type { ShareRejectionReason } from '@pool/contract/mining';
import type { NamesDictionary, NamesTable, ShareNames } from './share-names.ts';
import { validateShare, type ValidationLimits } from './share-validation.ts';

/**
 * A batch's events once checked, in columns: the valid shares in the order sent, and each refused
 * event's index and reason. Typed arrays cross between threads without copying, and the names are
 * numbers of a dictionary (share-names.ts) until they reach the thread that sums them.
 */
export interface CheckedColumns<Names> {
  events: number;
  names: Names;
  difficulty: Float64Array;
  accepted: Uint8Array;
  at: Float64Array;
  rejectedAt: Int32Array;
  reasons: ShareRejectionReason[];
}

/** As a parser thread sends it: each share's names as its dictionary's number. */
export type NumberedShares = CheckedColumns<Int32Array>;

/** As the intake sums it. */
export type CheckedShares = CheckedColumns<ShareNames[]>;

/** Checks each event on its own (share-validation.ts) and numbers the valid shares' names. */
export function checkEvents(
  events: readonly unknown[],
  limits: ValidationLimits,
  dictionary: NamesDictionary,
): NumberedShares {
  const names = new Int32Array(events.length);
  const difficulty = new Float64Array(events.length);
  const accepted = new Uint8Array(events.length);
  const at = new Float64Array(events.length);
  const rejectedAt: number[] = [];
  const reasons: ShareRejectionReason[] = [];
  let count = 0;
  dictionary.makeRoom(events.length);
  events.forEach((event, index) => {
    const share = validateShare(event, limits);
    if (typeof share === 'string') {
      rejectedAt.push(index);
      reasons.push(share);
      return;
    }
    names[count] = dictionary.numberOf(share.accountName, share.workerName);
    difficulty[count] = share.difficulty;
    accepted[count] = share.accepted ? 1 : 0;
    at[count] = share.at;
    count += 1;
  });
  return {
    events: events.length,
    names: names.slice(0, count),
    difficulty: difficulty.slice(0, count),
    accepted: accepted.slice(0, count),
    at: at.slice(0, count),
    rejectedAt: Int32Array.from(rejectedAt),
    reasons,
  };
}

/** The same columns with each number read back as its names. */
export function readNames(numbered: NumberedShares, table: NamesTable): CheckedShares {
  return { ...numbered, names: table.read(numbered.names) };
}

/** The buffers `postMessage` can move instead of copying. */
export const transferable = (columns: NumberedShares): ArrayBuffer[] =>
  [columns.names, columns.difficulty, columns.accepted, columns.at, columns.rejectedAt].map(
    (array) => array.buffer as ArrayBuffer,
  );
