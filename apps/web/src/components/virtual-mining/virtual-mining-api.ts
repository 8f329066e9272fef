import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  VirtualMiningContract,
  VirtualMiningContractBody,
  VirtualMiningContractPage,
} from '@pool/contract/sharing';
import { api } from '@/lib/api-client.ts';

/** Every virtual-mining query of a pool starts with this key. */
export const virtualMiningKey = 'virtual-mining';
export const contractsPerPage = 10;

const contractsPath = (poolId: string) => `/pools/${encodeURIComponent(poolId)}/virtual-mining/contracts`;

/** `GET pools/{id}/virtual-mining/contracts`: newest start first; one miner's when `minerId` is given. */
export const contractsQuery = (poolId: string, minerId: string | undefined, page: number) =>
  queryOptions({
    queryKey: [virtualMiningKey, poolId, minerId ?? 'all', page],
    queryFn: ({ signal }) =>
      api<VirtualMiningContractPage>(contractsPath(poolId), {
        query: { miner_id: minerId, page, per_page: contractsPerPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A critical change: the verification dialog opens when the server asks, then the call runs again. */
export const createContract = (poolId: string, body: VirtualMiningContractBody) =>
  api<VirtualMiningContract>(contractsPath(poolId), { method: 'POST', body });

/** Ends the contract now (step-up). */
export const endContract = (poolId: string, contractId: string) =>
  api<VirtualMiningContract>(`${contractsPath(poolId)}/${encodeURIComponent(contractId)}/end`, {
    method: 'POST',
    body: {},
  });
