import type { HashesPerSecond, HashRateFigure, RejectFigure } from '@pool/contract/mining';

/** A share's difficulty: the expected number of hashes to find it, divided by 2^32. */
export type Difficulty = number;
/** A length of time in milliseconds. */
export type Milliseconds = number;

export const hashesPerDifficulty = 2 ** 32;

/** What a bucket keeps: enough to derive hashrate, reject rate and share counts exactly. */
export interface ShareTotals {
  acceptedDifficulty: Difficulty;
  rejectedDifficulty: Difficulty;
  acceptedShares: number;
  rejectedShares: number;
}

export const noShares: ShareTotals = {
  acceptedDifficulty: 0,
  rejectedDifficulty: 0,
  acceptedShares: 0,
  rejectedShares: 0,
};

export function addTotals(a: ShareTotals, b: ShareTotals): ShareTotals {
  return {
    acceptedDifficulty: a.acceptedDifficulty + b.acceptedDifficulty,
    rejectedDifficulty: a.rejectedDifficulty + b.rejectedDifficulty,
    acceptedShares: a.acceptedShares + b.acceptedShares,
    rejectedShares: a.rejectedShares + b.rejectedShares,
  };
}

/** Hashrate over a span: the accepted difficulty times 2^32 hashes, over the span's seconds. */
export function hashRateOf(acceptedDifficulty: Difficulty, span: Milliseconds): HashesPerSecond {
  if (span <= 0) return 0;
  return (acceptedDifficulty * hashesPerDifficulty) / (span / 1000);
}

/** Accepted difficulty a machine of this hashrate submits over a span, on average. */
export function difficultyOver(hashRate: HashesPerSecond, span: Milliseconds): Difficulty {
  return (hashRate * (span / 1000)) / hashesPerDifficulty;
}

/** Shares arrive as a Poisson process: n of them measure a rate to within 1/√n. */
export function relativeErrorOf(shares: number): number | null {
  return shares > 0 ? 1 / Math.sqrt(shares) : null;
}

export function hashRateFigure(
  totals: Pick<ShareTotals, 'acceptedDifficulty' | 'acceptedShares'>,
  span: Milliseconds,
): HashRateFigure {
  return {
    hash_rate: hashRateOf(totals.acceptedDifficulty, span),
    shares: totals.acceptedShares,
    relative_error: relativeErrorOf(totals.acceptedShares),
  };
}

/** Rejected work over all submitted work, in percent: a big share rejected weighs more. */
export function rejectPctOf(totals: Pick<ShareTotals, 'acceptedDifficulty' | 'rejectedDifficulty'>): number {
  const submitted = totals.acceptedDifficulty + totals.rejectedDifficulty;
  return submitted > 0 ? (totals.rejectedDifficulty / submitted) * 100 : 0;
}

export function rejectFigure(totals: ShareTotals): RejectFigure {
  return {
    reject_pct: rejectPctOf(totals),
    shares: totals.acceptedShares + totals.rejectedShares,
    rejected_shares: totals.rejectedShares,
  };
}
