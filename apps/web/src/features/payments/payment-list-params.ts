import {
  paymentDirections,
  paymentStatuses,
  paymentTypes,
  type PaymentDirection,
  type PaymentStatus,
  type PaymentType,
} from '@pool/contract/money-codes';
import type { PaymentListParams } from '@/lib/money/money-api.ts';

export const paymentsPerPage = 20;

const isType = (value: string): value is PaymentType => (paymentTypes as readonly string[]).includes(value);
const isDirection = (value: string | null): value is PaymentDirection =>
  (paymentDirections as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is PaymentStatus =>
  (paymentStatuses as readonly (string | null)[]).includes(value);

/** The list's filters and page as the address keeps them, so back, reload and links work. */
export function paramsFromSearch(search: URLSearchParams): PaymentListParams {
  const direction = search.get('direction');
  const status = search.get('status');
  const page = Number(search.get('page') ?? '1');
  return {
    // In the filters' order, each once, whatever order the address had them in.
    types: paymentTypes.filter((type) => search.getAll('type').filter(isType).includes(type)),
    direction: isDirection(direction) ? direction : undefined,
    status: isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: paymentsPerPage,
  };
}

export function searchFromParams(params: PaymentListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const type of params.types) search.append('type', type);
  if (params.direction) search.set('direction', params.direction);
  if (params.status) search.set('status', params.status);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}
