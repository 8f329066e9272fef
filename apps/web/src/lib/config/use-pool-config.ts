import { useSuspenseQuery } from '@tanstack/react-query';
import type { PoolConfig } from '@pool/contract/pool-config';
import { poolConfigQuery } from './get-pool-config.ts';

/** The pool config; route loaders have loaded it before any page renders. */
export function usePoolConfig(): PoolConfig {
  return useSuspenseQuery(poolConfigQuery).data;
}
