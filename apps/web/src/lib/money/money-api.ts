import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Balance, EarnedAllTime, PaymentsPage, ProcessingEarnings } from '@pool/contract/money';
import type { ExportPeriod, PaymentDirection, PaymentStatus, PaymentType } from '@pool/contract/money-codes';
import { isErrorBody } from '@pool/contract/error-codes';
import { paths } from '@pool/contract/paths';
import { api, ApiError } from '@/lib/api-client.ts';
import { scopeHeaders, scopeKey, scopePath, type MiningScope } from '@/lib/mining/mining-scope.ts';

/** Every money query starts with this key. */
export const moneyKey = 'money';

/** Balances move once a day (spec 9) and estimates slowly: a minute-old figure is fresh enough. */
const moneyStaleMs = 60_000;

export const balanceQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [moneyKey, 'balance', ...scopeKey(scope)],
    queryFn: ({ signal }) => api<Balance>(`${scopePath(scope)}/balance`, { headers: scopeHeaders(scope), signal }),
    staleTime: moneyStaleMs,
  });

export const processingEarningsQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [moneyKey, 'processing', ...scopeKey(scope)],
    queryFn: ({ signal }) =>
      api<ProcessingEarnings>(`${scopePath(scope)}/processing-earnings`, { headers: scopeHeaders(scope), signal }),
    staleTime: moneyStaleMs,
  });

export const earnedAllTimeQuery = (scope: MiningScope) =>
  queryOptions({
    queryKey: [moneyKey, 'earned', ...scopeKey(scope)],
    queryFn: ({ signal }) =>
      api<EarnedAllTime>(`${scopePath(scope)}/earned-all-time`, { headers: scopeHeaders(scope), signal }),
    staleTime: moneyStaleMs,
  });

/** The payments list's filters and page (spec 7 `PaymentsQuery`); empty `types` means every type. */
export interface PaymentListParams {
  types: PaymentType[];
  direction: PaymentDirection | undefined;
  status: PaymentStatus | undefined;
  page: number;
  perPage: number;
}

export const paymentsQuery = (scope: MiningScope, params: PaymentListParams) =>
  queryOptions({
    queryKey: [moneyKey, 'payments', ...scopeKey(scope), params],
    queryFn: ({ signal }) =>
      api<PaymentsPage>(`${scopePath(scope)}/payments`, {
        query: {
          type: params.types,
          direction: params.direction,
          status: params.status,
          page: params.page,
          per_page: params.perPage,
        },
        headers: scopeHeaders(scope),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: moneyStaleMs,
  });

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` or `filename="…"`). */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // Not percent-encoded after all: the plain name below.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

export interface DownloadedFile {
  name: string;
  blob: Blob;
}

/**
 * `GET miners/{id}/payments/export?days=7|30|90`: the CSV file the server writes. Fetched rather
 * than linked, so that a watcher's token travels in its header, never in an address.
 */
export async function fetchPaymentsExport(scope: MiningScope, days: ExportPeriod): Promise<DownloadedFile> {
  const response = await fetch(`${paths.apiVersion}${scopePath(scope)}/payments/export?days=${days}`, {
    credentials: 'include',
    headers: { accept: 'text/csv', ...scopeHeaders(scope) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    throw new ApiError(response.status, undefined, response.statusText || 'Request failed');
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? `payments-${scope.name}-${days}d.csv`;
  return { name, blob: await response.blob() };
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ name, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the address can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
