import { queryOptions } from '@tanstack/react-query';
import type { MinerInfo } from '@pool/contract/accounts';
import type { PaymentThreshold, WalletAddresses } from '@pool/contract/payouts';
import { api } from '@/lib/api-client.ts';

export type ThresholdKind = 'min' | 'max';

const thresholdPath = { min: 'min-payments', max: 'max-payments' } as const;
const walletPath = (walletId: string) => `/wallets/${encodeURIComponent(walletId)}`;

export const walletQueryKey = (minerId: string) => ['payout-wallet', minerId] as const;

/** `GET miners/{id}`: the miner and its wallets; spec 3 uses the first. */
export const minerInfoQuery = (minerId: string) =>
  queryOptions({
    queryKey: [...walletQueryKey(minerId), 'miner'],
    queryFn: ({ signal }) => api<MinerInfo>(`/miners/${encodeURIComponent(minerId)}`, { signal }),
  });

/** `GET wallets/{id}/addresses`: the address in force and its history, newest first. */
export const walletAddressesQuery = (minerId: string, walletId: string) =>
  queryOptions({
    queryKey: [...walletQueryKey(minerId), 'addresses', walletId],
    queryFn: ({ signal }) => api<WalletAddresses>(`${walletPath(walletId)}/addresses`, { signal }),
  });

/** `GET wallets/{id}/min-payments` or `max-payments`. */
export const thresholdQuery = (minerId: string, walletId: string, kind: ThresholdKind) =>
  queryOptions({
    queryKey: [...walletQueryKey(minerId), kind, walletId],
    queryFn: ({ signal }) => api<PaymentThreshold>(`${walletPath(walletId)}/${thresholdPath[kind]}`, { signal }),
  });

/** `POST wallets/{id}/addresses`: a critical change; the verification dialog opens when asked. */
export const setWalletAddress = (walletId: string, address: string) =>
  api<WalletAddresses>(`${walletPath(walletId)}/addresses`, { method: 'POST', body: { address } });

/** `POST wallets/{id}/min-payments` or `max-payments` in whole satoshis (critical change). */
export const setThreshold = (walletId: string, kind: ThresholdKind, amount: number) =>
  api<PaymentThreshold>(`${walletPath(walletId)}/${thresholdPath[kind]}`, { method: 'POST', body: { amount } });
