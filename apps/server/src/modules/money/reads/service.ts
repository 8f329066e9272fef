import type {
  Balance,
  EarnedAllTime,
  Payment,
  PaymentsPage,
  PaymentsQuery,
  ProcessingEarnings,
} from '@pool/contract/money';
import { hashRateOf } from '../../mining/hashrate.ts';
import { explorerUrl } from '../../payouts/explorer.ts';
import type { LedgerRepository } from '../ledger/ledger-repository.ts';
import { dayMs, dayOf, grossOf, startOf } from '../rewards/reward-run.ts';
import { percentOf, type RewardTerms } from '../rewards/terms-repository.ts';
import type { MoneyOwnerKind, MoneyReads, PaymentRow } from './repository.ts';

/** Satoshis as a JSON number: safe, since 21 million BTC is under 2^53 satoshis. */
export const satoshis = (amount: bigint): number => Number(amount);
/** A rate kept in millisatoshis, in satoshis with 3 decimals. */
export const rateOfMsat = (rateMsat: bigint): number => Number(rateMsat) / 1000;

/** A payment as the account sees it; a payout's txid links to `explorer` (a `{txid}` template) when there is one. */
export function paymentOf(row: PaymentRow, explorer: string | null = null): Payment {
  return {
    id: row.id,
    type: row.type,
    direction: row.direction,
    status: row.status,
    amount: satoshis(row.amount),
    created_at: row.createdAt.toISOString(),
    counterparty: row.counterparty,
    reward: row.breakdown && {
      day: row.breakdown.day,
      hash_rate: row.breakdown.hashRate,
      rate: rateOfMsat(row.breakdown.rateMsat),
      gross: satoshis(row.breakdown.gross),
      fee_percent: percentOf(row.breakdown.feeBp),
      fee: satoshis(row.breakdown.fee),
      shared: satoshis(row.breakdown.shared),
      net: satoshis(row.breakdown.net),
      ...(row.breakdown.promo && {
        promo: {
          code: row.breakdown.promo.code,
          fee_percent_before: percentOf(row.breakdown.promo.feeBpBefore),
          fee_before: satoshis(row.breakdown.promo.feeBefore),
        },
      }),
    },
    ...(row.sharingType && { sharing_type: row.sharingType }),
    payout: row.payout && {
      request_id: row.payout.requestId,
      status: row.payout.status,
      address: row.payout.address,
      txid: row.payout.txid,
      explorer_url: explorerUrl(explorer, row.payout.txid),
    },
  };
}

export interface MoneyReadOptions {
  reads: MoneyReads;
  ledger: LedgerRepository;
  terms: RewardTerms;
  poolId: string;
  clock: () => number;
  /** The block explorer's transaction page template in force (`{txid}`); null: no links. */
  explorerTxUrl?: string | null;
}

/** The reads of spec 7 for miners, operators and pools alike. */
export function moneyReadService({ reads, ledger, terms, poolId, clock, explorerTxUrl = null }: MoneyReadOptions) {
  return {
    async balance(kind: MoneyOwnerKind, id: string): Promise<Balance> {
      const { balance, updatedAt } = await ledger.balanceOf(kind, id);
      return { balance: satoshis(balance), updated_at: updatedAt?.toISOString() ?? null };
    },

    async earned(kind: MoneyOwnerKind, id: string): Promise<EarnedAllTime> {
      const { amount, since } = await reads.earned(kind, id);
      return { amount: satoshis(amount), since };
    },

    async payments(kind: MoneyOwnerKind, id: string, query: PaymentsQuery): Promise<PaymentsPage> {
      const { rows, total } = await reads.payments(
        kind,
        id,
        {
          types: query.type,
          direction: query.direction,
          status: query.status,
          from: query.from ? new Date(startOf(query.from)) : undefined,
          until: query.to ? new Date(startOf(query.to) + dayMs) : undefined,
        },
        { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      );
      return {
        items: rows.map((row) => paymentOf(row, explorerTxUrl)),
        total,
        page: query.page,
        per_page: query.per_page,
      };
    },

    /**
     * Days mined and not yet credited, estimated with the rate in force now and each miner's fee in
     * force today: a closed day from its 1-day bucket, today from its buckets so far (the day's
     * average so far, as if it went on). A miner's estimate is its net; a pool's, the fees it will
     * charge its miners; an operator earns nothing from rewards yet (issue 16 adds operator fees).
     */
    async processing(kind: MoneyOwnerKind, id: string): Promise<ProcessingEarnings> {
      const now = clock();
      const today = dayOf(now);
      const rate = await terms.rateInForce(new Date(now));
      const defaultBp = await terms.defaultFeeBp(poolId);
      const minerIds = kind === 'miner' ? [id] : kind === 'pool' ? await reads.minerIdsOfPool(id) : [];
      const work = rate ? await reads.uncreditedWork(minerIds, today) : [];
      // One query for every miner's fee: one each made the pool's estimate of 10,000 miners take 4 s.
      const feeOf = await terms.feesBpInForce([...new Set(work.map((entry) => entry.minerId))], today, poolId);
      const days = new Map<string, { hashRate: number; estimate: bigint }>();
      for (const entry of work) {
        const span = entry.partial ? Math.max(now - startOf(today), 60_000) : dayMs;
        const hashRate = hashRateOf(entry.acceptedDifficulty, span);
        const gross = rate ? grossOf(hashRate, rate.rateMsat) : 0n;
        const fee = (gross * BigInt(feeOf.get(entry.minerId) ?? defaultBp)) / 10_000n;
        const day = days.get(entry.day) ?? { hashRate: 0, estimate: 0n };
        day.hashRate += hashRate;
        day.estimate += kind === 'pool' ? fee : gross - fee;
        days.set(entry.day, day);
      }
      const list = [...days].sort(([a], [b]) => a.localeCompare(b));
      const feeBp = kind === 'miner' ? (await terms.feeInForce(id, today, poolId)).percentBp : defaultBp;
      return {
        amount: satoshis(list.reduce((sum, [, day]) => sum + day.estimate, 0n)),
        days: list.map(([day, entry]) => ({ day, hash_rate: entry.hashRate, estimate: satoshis(entry.estimate) })),
        rate: rate ? rateOfMsat(rate.rateMsat) : null,
        fee_percent: percentOf(feeBp),
      };
    },
  };
}

export type MoneyReadService = ReturnType<typeof moneyReadService>;
