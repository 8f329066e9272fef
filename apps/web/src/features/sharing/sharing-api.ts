import { queryOptions } from '@tanstack/react-query';
import type {
  ProfitSplit,
  ProfitSplitList,
  ReferralList,
  ReferrerCode,
  ReferrerCodeList,
} from '@pool/contract/sharing';
import type { MinerLookup } from '@pool/contract/accounts';
import { api } from '@/lib/api-client.ts';

/** Every sharing query of a miner starts with this key. */
export const sharingKey = 'sharing';

const minerPath = (minerId: string) => `/miners/${encodeURIComponent(minerId)}`;

export const referrerCodesQuery = (minerId: string) =>
  queryOptions({
    queryKey: [sharingKey, minerId, 'referrer-codes'],
    queryFn: ({ signal }) => api<ReferrerCodeList>(`${minerPath(minerId)}/referrer-codes`, { signal }),
  });

export const referralsQuery = (minerId: string) =>
  queryOptions({
    queryKey: [sharingKey, minerId, 'referrals'],
    queryFn: ({ signal }) => api<ReferralList>(`${minerPath(minerId)}/referrals`, { signal }),
  });

export const createReferrerCode = (minerId: string) =>
  api<ReferrerCode>(`${minerPath(minerId)}/referrer-codes`, { method: 'POST' });

export const deleteReferrerCode = (minerId: string, codeId: string) =>
  api<null>(`${minerPath(minerId)}/referrer-codes/${encodeURIComponent(codeId)}`, { method: 'DELETE' });

export const profitSharingsQuery = (minerId: string) =>
  queryOptions({
    queryKey: [sharingKey, minerId, 'profit-sharings'],
    queryFn: ({ signal }) => api<ProfitSplitList>(`${minerPath(minerId)}/profit-sharings`, { signal }),
  });

/** `GET miners/lookup-by-account-name`: the recipient of a split, by the name its owner tells. */
export const lookupMiner = (accountName: string) =>
  api<MinerLookup>('/miners/lookup-by-account-name', { query: { account_name: accountName } });

/** A critical change: the step-up dialog opens when the server asks, then the call runs again. */
export const setProfitSplit = (donor: string, recipient: string, percent: number) =>
  api<ProfitSplit>(`${minerPath(donor)}/profit-sharings/${encodeURIComponent(recipient)}`, {
    method: 'PUT',
    body: { percent },
  });

export const deleteProfitSplit = (donor: string, recipient: string) =>
  api<null>(`${minerPath(donor)}/profit-sharings/${encodeURIComponent(recipient)}`, { method: 'DELETE' });
