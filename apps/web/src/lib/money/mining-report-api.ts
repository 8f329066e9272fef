import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MiningReportList, MiningReportMonth } from '@pool/contract/money';
import { api } from '@/lib/api-client.ts';
import { moneyKey } from './money-api.ts';
import { scopeHeaders, scopeKey, scopePath, type MiningScope } from '@/lib/mining/mining-scope.ts';

/** Rewards are credited once a day (spec 9): a report a minute old is fresh enough. */
const reportStaleMs = 60_000;

/** `GET miners/{id}/mining-report?month=YYYY-MM`: the month's totals and its days. */
export const miningReportMonthQuery = (scope: MiningScope, month: string) =>
  queryOptions({
    queryKey: [moneyKey, 'mining-report', ...scopeKey(scope), month],
    queryFn: ({ signal }) =>
      api<MiningReportMonth>(`${scopePath(scope)}/mining-report`, {
        query: { month },
        headers: scopeHeaders(scope),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: reportStaleMs,
  });

/** `GET miners/{id}/mining-report`: every month from January 2025 with its totals, newest first. */
export const miningReportListQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [moneyKey, 'mining-report', ...scopeKey(scope), 'months'],
    queryFn: ({ signal }) =>
      api<MiningReportList>(`${scopePath(scope)}/mining-report`, { headers: scopeHeaders(scope), signal }),
    staleTime: reportStaleMs,
  });
