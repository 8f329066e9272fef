import type { EarnedAllTime, PaymentsPage } from '@pool/contract/money';
import { changeCache, type CacheChanges } from '../../../db/change-cache.ts';
import type { MoneyReadService } from './service.ts';

/** Pages remembered at most: a page of 100 payments is about 50 KB. */
const cachedPages = 2_000;
/** Accounts whose all-time earnings are remembered at most. */
const cachedEarnings = 20_000;

/**
 * The money reads that go over an account's whole history (its payments, filtered and paged, and
 * what it earned), remembered until money changes in any process (migration 0019's triggers). The
 * balance is one row and the days still processing move with every close of the mining buckets,
 * so those two are read each time.
 */
export function cachedMoneyReads(reads: MoneyReadService, changes: CacheChanges): MoneyReadService {
  const pages = changeCache<PaymentsPage>(changes, cachedPages);
  const earnings = changeCache<EarnedAllTime>(changes, cachedEarnings);
  return {
    ...reads,
    payments: (kind, id, query) =>
      pages.through(`${kind}/${id}/${JSON.stringify(query)}`, () => reads.payments(kind, id, query)),
    earned: (kind, id) => earnings.through(`${kind}/${id}`, () => reads.earned(kind, id)),
  };
}
