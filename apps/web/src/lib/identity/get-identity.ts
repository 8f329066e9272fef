import { queryOptions } from '@tanstack/react-query';
import type { IdentityInfo } from '@pool/contract/identity';
import { api } from '@/lib/api-client.ts';

export const identityQueryKey = ['identity'] as const;

/** `GET identity`: the user, their permissions, their second factors and widget hashes. */
export const identityQuery = queryOptions({
  queryKey: identityQueryKey,
  queryFn: () => api<IdentityInfo>('/identity'),
  staleTime: 60_000,
});
