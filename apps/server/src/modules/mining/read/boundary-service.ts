import type { BoundaryWorker, ChartPeriod, HashRateChart, HashRateFigure, MiningStats } from '@pool/contract/mining';
import { addTotals, hashRateOf, noShares, rejectFigure, relativeErrorOf, type ShareTotals } from '../hashrate.ts';
import { availabilityOf, type WindowsOf } from './chart-service.ts';
import type { ContractRecord, MiningReadRepository, Window } from './read-repository.ts';
import { resolutionSpec, tablePeriodsOfStats } from '../resolutions.ts';
import { workerStatus, type Activity } from '../rules.ts';
import { iso } from '../sql.ts';

/** The part of a span that a contract runs, as a fraction of the span. */
function overlap(contract: ContractRecord, from: number, to: number): number {
  const start = Math.max(from, contract.startsAt);
  const end = Math.min(to, contract.endsAt ?? Infinity);
  return end > start ? (end - start) / (to - from) : 0;
}

/** A contract's hashrate over a span: a share of the donor's measured rate, or its fixed rate. */
function transferred(contract: ContractRecord, donor: ShareTotals, from: number, to: number) {
  const part = overlap(contract, from, to);
  if (contract.fixedHashRate !== null) return { hashRate: contract.fixedHashRate * part, shares: null };
  const share = contract.hashRateShare ?? 0;
  return {
    hashRate: hashRateOf(donor.acceptedDifficulty, to - from) * share * part,
    shares: part > 0 ? donor.acceptedShares : 0,
  };
}

function sumFigures(parts: { hashRate: number; shares: number | null }[]): HashRateFigure {
  const measured = parts.filter((part) => part.shares !== null);
  const shares = measured.length ? measured.reduce((sum, part) => sum + (part.shares ?? 0), 0) : null;
  return {
    hash_rate: parts.reduce((sum, part) => sum + part.hashRate, 0),
    shares,
    relative_error: shares === null ? null : relativeErrorOf(shares),
  };
}

export interface BoundaryReads {
  repository: MiningReadRepository;
  clock: () => number;
  windowsOf: WindowsOf;
}

async function boundaryActivity(
  repository: MiningReadRepository,
  contracts: ContractRecord[],
  now: number,
): Promise<Activity> {
  if (contracts.length === 0) return { firstShareAt: null, lastShareAt: null };
  const donors = await repository.accountActivity(contracts.map((contract) => contract.donorMinerId));
  const firstShareAt = Math.min(...contracts.map((contract) => contract.startsAt));
  const running = contracts.some((contract) => contract.startsAt <= now && (contract.endsAt ?? Infinity) > now);
  const fixedRunning = contracts.some(
    (contract) => contract.fixedHashRate !== null && contract.startsAt <= now && (contract.endsAt ?? Infinity) > now,
  );
  const lastShareAt = fixedRunning
    ? now
    : running
      ? donors.lastShareAt
      : Math.max(...contracts.map((contract) => contract.endsAt ?? 0));
  return { firstShareAt: Math.max(firstShareAt, donors.firstShareAt ?? firstShareAt), lastShareAt };
}

async function boundaryWorker(
  repository: MiningReadRepository,
  contract: ContractRecord,
  windows: Window[],
  now: number,
): Promise<BoundaryWorker> {
  const [donorTotals, donorActivity] = await Promise.all([
    repository.totals({ kind: 'account', ids: [contract.donorMinerId] }, windows),
    repository.accountActivity([contract.donorMinerId]),
  ]);
  const [m15, h1, d1] = windows.map((window, index) =>
    sumFigures([transferred(contract, donorTotals[index] ?? noShares, window.from, window.to)]),
  );
  const ended = contract.endsAt !== null && contract.endsAt <= now;
  const lastSeen = ended ? contract.endsAt : contract.fixedHashRate !== null ? now : donorActivity.lastShareAt;
  return {
    contract_id: contract.id,
    worker_name: `boundary-${contract.donorAccountName}`,
    behaviour: 'boundary',
    donor_miner_id: contract.donorMinerId,
    donor_account_name: contract.donorAccountName,
    hash_rate_share: contract.hashRateShare,
    fixed_hash_rate: contract.fixedHashRate,
    starts_at: iso(contract.startsAt),
    ends_at: contract.endsAt === null ? null : iso(contract.endsAt),
    status: workerStatus(lastSeen, now),
    hash_rate_15m: m15 ?? sumFigures([]),
    hash_rate_1h: h1 ?? sumFigures([]),
    hash_rate_24h: d1 ?? sumFigures([]),
  };
}

async function boundaryWorkers({ repository, clock, windowsOf }: BoundaryReads, minerId: string) {
  const now = clock();
  const contracts = await repository.contractsOf(minerId);
  const windows = await windowsOf(['PT15M', 'PT1H', 'P1D'], now);
  return Promise.all(contracts.map((contract) => boundaryWorker(repository, contract, windows, now)));
}

/** The boundary workers' series: each contract's share of its donor's buckets, summed. */
async function boundaryChart(
  { repository, clock, windowsOf }: BoundaryReads,
  minerId: string,
  period: ChartPeriod,
): Promise<HashRateChart> {
  const now = clock();
  const contracts = await repository.contractsOf(minerId);
  const [window] = await windowsOf([period], now);
  if (!window) throw new Error('no window');
  const { width } = resolutionSpec(window.resolution);
  const donorSeries = await Promise.all(
    contracts.map((contract) => repository.series({ kind: 'account', ids: [contract.donorMinerId] }, window)),
  );
  const activity = await boundaryActivity(repository, contracts, now);
  const points: HashRateChart['points'] = [];
  const averages: { hashRate: number; shares: number | null }[] = [];
  for (let start = window.from; start < window.to; start += width) {
    const parts = contracts.map((contract, index) =>
      transferred(contract, donorSeries[index]?.get(start) ?? noShares, start, start + width),
    );
    const summed = sumFigures(parts);
    averages.push({ hashRate: summed.hash_rate, shares: summed.shares });
    points.push({ at: iso(start), hash_rate: summed.hash_rate, shares: summed.shares, rejected_shares: null });
  }
  const average = sumFigures(averages);
  return {
    ...availabilityOf(activity, now),
    period,
    resolution: window.resolution,
    from: iso(window.from),
    to: iso(window.to),
    points,
    average: { ...average, hash_rate: points.length ? average.hash_rate / points.length : 0 },
  };
}

async function boundaryStats({ repository, clock, windowsOf }: BoundaryReads, minerId: string): Promise<MiningStats> {
  const now = clock();
  const contracts = await repository.contractsOf(minerId);
  const windows = await windowsOf(tablePeriodsOfStats, now);
  const donorTotals = await Promise.all(
    contracts.map((contract) => repository.totals({ kind: 'account', ids: [contract.donorMinerId] }, windows)),
  );
  const figures = windows.map((window, w) =>
    sumFigures(
      contracts.map((contract, c) => transferred(contract, donorTotals[c]?.[w] ?? noShares, window.from, window.to)),
    ),
  );
  const donorsAt = (w: number) => donorTotals.reduce((sum, totals) => addTotals(sum, totals[w] ?? noShares), noShares);
  const empty = sumFigures([]);
  return {
    ...availabilityOf(await boundaryActivity(repository, contracts, now), now),
    hash_rate_15m: figures[0] ?? empty,
    hash_rate_1h: figures[1] ?? empty,
    hash_rate_24h: figures[2] ?? empty,
    hash_rate_7d: figures[3] ?? empty,
    hash_rate_30d: figures[4] ?? empty,
    reject_15m: rejectFigure(donorsAt(0)),
    reject_24h: rejectFigure(donorsAt(2)),
  };
}

/**
 * The boundary workers of virtual-mining contracts: what a recipient gets is a share of each
 * donor's buckets (or a fixed rate), summed over the contracts running in each span.
 */
export function boundaryService(reads: BoundaryReads) {
  return {
    boundaryWorkers: (minerId: string): Promise<BoundaryWorker[]> => boundaryWorkers(reads, minerId),
    boundaryChart: (minerId: string, period: ChartPeriod) => boundaryChart(reads, minerId, period),
    boundaryStats: (minerId: string) => boundaryStats(reads, minerId),
  };
}

export type BoundaryService = ReturnType<typeof boundaryService>;
