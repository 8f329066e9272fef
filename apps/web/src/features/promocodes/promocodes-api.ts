import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PromoCode, PromoCodeBody, PromoCodePage } from '@pool/contract/sharing';
import type { PromoCodeStatus, PromoCodeType } from '@pool/contract/sharing-codes';
import { api } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';

export interface PromoCodeListParams {
  status: PromoCodeStatus | undefined;
  type: PromoCodeType | undefined;
  page: number;
}

export const promoCodesPerPage = 20;
const key = [...platformQueryKey, 'promocodes'] as const;
export const promoCodesKey = key;

export const promoCodesQuery = (params: PromoCodeListParams) =>
  queryOptions({
    queryKey: [...key, params],
    queryFn: ({ signal }) =>
      api<PromoCodePage>('/platform/promocodes', {
        query: { status: params.status, type: params.type, page: params.page, per_page: promoCodesPerPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const promoCodeQuery = (id: string) =>
  queryOptions({
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => api<PromoCode>(`/platform/promocodes/${encodeURIComponent(id)}`, { signal }),
  });

export const generatePromoCode = () => api<{ code: string }>('/platform/promocodes/generate');

/** Critical changes: the step-up dialog opens when the server asks, then the call runs again. */
export const createPromoCode = (body: PromoCodeBody) =>
  api<PromoCode>('/platform/promocodes', { method: 'POST', body });
export const updatePromoCode = (id: string, body: PromoCodeBody) =>
  api<PromoCode>(`/platform/promocodes/${encodeURIComponent(id)}`, { method: 'PUT', body });
