import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DeletionRequest,
  PoolUser,
  PoolUserInvite,
  PoolUserPermission,
  PoolUserSession,
  PoolUsersPage,
  SecondFactorReset,
} from '@pool/contract/pool-users';
import { api } from '@/lib/api-client.ts';
import { platformQueryKey } from '@/lib/platform/platform-state.ts';

/** Spec 2 `/users`: keyed under the platform area, whose state is dropped on leaving it. */
export const usersQueryKey = [...platformQueryKey, 'users'] as const;
export const usersPerPage = 20;

export interface UsersParams {
  search: string;
  page: number;
}

const base = (poolId: string) => `/pools/${poolId}`;

/** `GET pools/{pool_id}/users`: a page of the pool's users, searched by e-mail or account name. */
export const usersQuery = (poolId: string, params: UsersParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, 'list', params],
    queryFn: ({ signal }) =>
      api<PoolUsersPage>(`${base(poolId)}/users`, {
        query: { search: params.search || undefined, page: params.page, per_page: usersPerPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const userPath = (poolId: string, userId: string) => `${base(poolId)}/users/${userId}`;

export const userQuery = (poolId: string, userId: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, userId, 'user'],
    queryFn: ({ signal }) => api<PoolUser>(userPath(poolId, userId), { signal }),
    retry: false,
  });

export const permissionsQuery = (poolId: string, userId: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, userId, 'permissions'],
    queryFn: ({ signal }) => api<PoolUserPermission[]>(`${userPath(poolId, userId)}/permissions`, { signal }),
    retry: false,
  });

export const sessionsQuery = (poolId: string, userId: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, userId, 'sessions'],
    queryFn: ({ signal }) => api<PoolUserSession[]>(`${userPath(poolId, userId)}/sessions`, { signal }),
    retry: false,
  });

export const invitesQuery = (poolId: string, userId: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, userId, 'invites'],
    queryFn: ({ signal }) => api<PoolUserInvite[]>(`${userPath(poolId, userId)}/invites`, { signal }),
    retry: false,
  });

/** The deletion request of a user, or null when there is none. */
export const deletionRequestQuery = (poolId: string, userId: string) =>
  queryOptions({
    queryKey: [...usersQueryKey, poolId, userId, 'deletion-request'],
    queryFn: async ({ signal }) => {
      try {
        return await api<DeletionRequest>(`${userPath(poolId, userId)}/deletion-request`, { signal });
      } catch (error) {
        if (error instanceof Error && 'status' in error && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });

/** The critical changes (spec 6): the API client opens the verification dialog when they need it. */
export const closeSession = (poolId: string, sessionId: string) =>
  api<undefined>(`${base(poolId)}/sessions/${sessionId}`, { method: 'DELETE' });

export const resetSecondFactor = (poolId: string, userId: string) =>
  api<SecondFactorReset>(`${userPath(poolId, userId)}/2fa/reset`, { method: 'POST' });

export const resendInvite = (poolId: string, userId: string, inviteId: string) =>
  api<PoolUserInvite>(`${userPath(poolId, userId)}/invites`, { method: 'POST', body: { invite_id: inviteId } });

export const deleteUser = (poolId: string, userId: string) =>
  api<DeletionRequest>(`${userPath(poolId, userId)}/user`, { method: 'DELETE' });
