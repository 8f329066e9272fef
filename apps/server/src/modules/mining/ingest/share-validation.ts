import { accountNameRules } from '@pool/contract/account-codes';
import { workerNamePattern, type ShareRejectionReason } from '@pool/contract/mining';
import type { Difficulty, Milliseconds } from '../hashrate.ts';

/** A share that passed validation, with its time as epoch milliseconds. */
export interface Share {
  accountName: string;
  workerName: string;
  difficulty: Difficulty;
  accepted: boolean;
  at: Milliseconds;
}

export interface ValidationLimits {
  poolName: string;
  now: Milliseconds;
  /** Older shares are refused: their buckets may be gone. Spec 9 allows 5 minutes of delay. */
  maxAge: Milliseconds;
  /** Tolerated clock skew of a stratum server. */
  maxAhead: Milliseconds;
}

export const defaultMaxShareAge: Milliseconds = 30 * 60_000;
export const defaultMaxAhead: Milliseconds = 60_000;

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Checks one event of a batch by hand rather than with zod: it runs for every share, hundreds of
 * thousands a second, and says which rule failed so the sender can fix it.
 */
export function validateShare(event: unknown, limits: ValidationLimits): Share | ShareRejectionReason {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'not_an_object';
  const value = event as Record<string, unknown>;
  if (value.pool !== limits.poolName) return 'unknown_pool';
  const accountName = value.account_name;
  if (
    typeof accountName !== 'string' ||
    accountName.length < accountNameRules.minLength ||
    accountName.length > accountNameRules.maxLength ||
    !accountNameRules.pattern.test(accountName)
  ) {
    return 'invalid_account_name';
  }
  const workerName = value.worker_name;
  if (typeof workerName !== 'string' || !workerNamePattern.test(workerName)) return 'invalid_worker_name';
  const difficulty = value.difficulty;
  if (typeof difficulty !== 'number' || !Number.isFinite(difficulty) || difficulty <= 0) return 'invalid_difficulty';
  const accepted = value.accepted;
  if (typeof accepted !== 'boolean') return 'invalid_accepted';
  const reason = value.reject_reason;
  if (reason !== undefined && (typeof reason !== 'string' || reason.length > 64)) return 'invalid_reject_reason';
  const time = value.at;
  if (typeof time !== 'string' || !isoUtc.test(time)) return 'invalid_time';
  const at = Date.parse(time);
  if (Number.isNaN(at)) return 'invalid_time';
  if (at < limits.now - limits.maxAge) return 'too_old';
  if (at > limits.now + limits.maxAhead) return 'in_future';
  return { accountName, workerName, difficulty, accepted, at };
}
