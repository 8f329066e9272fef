import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { AccessList, type ChangeRoleBody, type InviteBody } from '@pool/contract/access-management';
import type { Permission } from '@pool/contract/accounts';
import { CreatedWatcher, Watcher, type CreateWatcherBody } from '@pool/contract/watchers';
import { api } from '@/lib/api-client.ts';

export type ManagedAccount = Extract<Permission, { type: 'miner' | 'pool' | 'operator' }>;

const collectionOf: Record<ManagedAccount['type'], string> = { miner: 'miners', pool: 'pools', operator: 'operators' };

export const accessPath = (account: ManagedAccount) => `/${collectionOf[account.type]}/${account.account_id}/access`;

export const accessQuery = (account: ManagedAccount) =>
  queryOptions({
    queryKey: ['access', account.type, account.account_id],
    queryFn: () => api(accessPath(account), { schema: AccessList }),
  });

export const inviteToAccount = (account: ManagedAccount, body: InviteBody) =>
  api(accessPath(account), { method: 'POST', body });

export const changeRole = (account: ManagedAccount, accessId: string, body: ChangeRoleBody) =>
  api(`${accessPath(account)}/${accessId}`, { method: 'PUT', body });

export const removeAccess = (account: ManagedAccount, accessId: string) =>
  api(`${accessPath(account)}/${accessId}`, { method: 'DELETE' });

export const watchersQuery = (minerId: string) =>
  queryOptions({
    queryKey: ['watchers', minerId],
    queryFn: () => api(`/miners/${minerId}/watchers`, { schema: z.array(Watcher) }),
  });

/** The answer is the one time the link's token is seen: the server keeps only its hash. */
export const createWatcher = (minerId: string, body: CreateWatcherBody) =>
  api(`/miners/${minerId}/watchers`, { method: 'POST', body, schema: CreatedWatcher });

export const deleteWatcher = (watcherId: string) => api(`/watchers/${watcherId}`, { method: 'DELETE' });

/** The address a watcher link opens (spec 2 route `/watch/{watcherToken}`). */
export const watcherLink = (token: string, origin = window.location.origin) => `${origin}/watch/${token}`;
