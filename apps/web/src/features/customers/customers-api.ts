import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Permission } from '@pool/contract/accounts';
import type {
  CreateCustomerBody,
  CreatedCustomer,
  CreateSubAccountBody,
  CustomerCurrentFee,
  CustomerDetail,
  CustomerFeeList,
  CustomerListQuery,
  CustomerPage,
  CustomerPaymentsPage,
  CustomerPeople,
  EarnedFromMiner,
  UpdateCustomerBody,
} from '@pool/contract/customers';
import type { Fee } from '@pool/contract/money';
import { api } from '@/lib/api-client.ts';

/** Every customer-area query starts with this key. */
export const customersKey = 'customers';

/** The account whose customers the area shows: an operator (its customers) or a pool (its miners). */
export interface CustomerScope {
  kind: 'operator' | 'pool';
  id: string;
  name: string;
}

export function customerScopeOf(active: Permission | undefined): CustomerScope | undefined {
  if (active?.type === 'operator') return { kind: 'operator', id: active.account_id, name: active.operator_name };
  if (active?.type === 'pool') return { kind: 'pool', id: active.account_id, name: active.pool_name };
  return undefined;
}

const base = (scope: CustomerScope) =>
  `/${scope.kind === 'operator' ? 'operators' : 'pools'}/${encodeURIComponent(scope.id)}`;
const customerPath = (scope: CustomerScope, minerId: string) => `${base(scope)}/miners/${encodeURIComponent(minerId)}`;
/** An operator sets its customer's fee; pool staff set the pool's own fee of the miner (spec 7). */
const feesPath = (scope: CustomerScope, minerId: string) =>
  scope.kind === 'operator' ? `${customerPath(scope, minerId)}/fees` : `/miners/${encodeURIComponent(minerId)}/fees`;

export type CustomerListParams = Pick<CustomerListQuery, 'sort' | 'direction' | 'page' | 'per_page'> & {
  search: string;
};

export const customersQuery = (scope: CustomerScope, params: CustomerListParams) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, 'list', params],
    queryFn: ({ signal }) =>
      api<CustomerPage>(`${base(scope)}/miners`, {
        signal,
        query: {
          ...(params.search ? { search: params.search } : {}),
          sort: params.sort,
          direction: params.direction,
          page: String(params.page),
          per_page: String(params.per_page),
        },
      }),
    placeholderData: (previous) => previous,
  });

export const customerQuery = (scope: CustomerScope, minerId: string) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, minerId, 'detail'],
    queryFn: ({ signal }) => api<CustomerDetail>(customerPath(scope, minerId), { signal }),
  });

export const customerFeesQuery = (scope: CustomerScope, minerId: string) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, minerId, 'fees'],
    queryFn: async ({ signal }) => {
      const [list, current] = await Promise.all([
        api<CustomerFeeList>(feesPath(scope, minerId), { signal }),
        api<Partial<CustomerCurrentFee> & { percent: number | null }>(`${feesPath(scope, minerId)}/current`, {
          signal,
        }),
      ]);
      return { items: list.items, percent: current.percent, poolPercent: current.pool_percent ?? null };
    },
  });

export const customerPeopleQuery = (scope: CustomerScope, minerId: string) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, minerId, 'people'],
    queryFn: ({ signal }) => api<CustomerPeople>(`${customerPath(scope, minerId)}/people`, { signal }),
  });

export const earnedFromMinerQuery = (scope: CustomerScope, minerId: string) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, minerId, 'earned'],
    queryFn: ({ signal }) =>
      api<EarnedFromMiner>(`${base(scope)}/earned-from-miner`, { signal, query: { miner_id: minerId } }),
  });

/** The customer's payments as it sees them, each reward with the operator's share (the scope's people only). */
export const customerPaymentsQuery = (scope: CustomerScope, minerId: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: [customersKey, scope.kind, scope.id, minerId, 'payments', page, perPage],
    queryFn: ({ signal }) =>
      api<CustomerPaymentsPage>(`${customerPath(scope, minerId)}/payments`, {
        signal,
        query: { page: String(page), per_page: String(perPage) },
      }),
    placeholderData: keepPreviousData,
  });

export const createCustomer = (scope: CustomerScope, body: CreateCustomerBody) =>
  api<CreatedCustomer>(`${base(scope)}/miners`, { method: 'POST', body });

export const createSubAccount = (parentId: string, body: CreateSubAccountBody) =>
  api<CreatedCustomer>(`/miners/${encodeURIComponent(parentId)}/sub-accounts`, { method: 'POST', body });

export const updateCustomer = (scope: CustomerScope, minerId: string, body: UpdateCustomerBody) =>
  api<null>(customerPath(scope, minerId), { method: 'PUT', body });

/** A critical change: the verification dialog opens when the server asks, then the call runs again. */
export const setCustomerFee = (scope: CustomerScope, minerId: string, body: { percent: number; comment?: string }) =>
  api<Fee>(feesPath(scope, minerId), { method: 'POST', body });

export const setTotalFeeHide = (scope: CustomerScope, minerId: string, permissionId: string, hide: boolean) =>
  api<null>(`${customerPath(scope, minerId)}/people/${encodeURIComponent(permissionId)}`, {
    method: 'PUT',
    body: { total_fee_hide: hide },
  });
