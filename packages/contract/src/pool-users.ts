import { z } from 'zod';
import { Role } from './accounts.ts';
import { SecondFactors } from './identity.ts';

/** `pools/{pool_id}/users` paths. */
export const PoolParams = z.object({ pool_id: z.uuid() });
export const PoolUserParams = PoolParams.extend({ user_id: z.uuid() });
export const PoolSessionParams = PoolParams.extend({ session_id: z.uuid() });

/** `GET pools/{pool_id}/users`: a page, optionally narrowed by part of an e-mail or an account name. */
export const PoolUsersQuery = z.object({
  search: z.string().trim().max(254, 'length out of range').optional(),
  page: z.coerce.number().int().min(1, 'minimum threshold').max(100_000, 'maximum threshold').default(1),
  per_page: z.coerce.number().int().min(1, 'minimum threshold').max(100, 'maximum threshold').default(20),
});
export type PoolUsersQuery = z.infer<typeof PoolUsersQuery>;

export const poolAccountTypes = ['pool', 'operator', 'miner', 'platform'] as const;

/** A role a user holds on an account of the pool (`GET .../permissions`). */
export const PoolUserPermission = z.object({
  id: z.uuid(),
  account_type: z.enum(poolAccountTypes),
  account_id: z.uuid(),
  /** The miner's account name, the operator's name or the pool's name. */
  account_name: z.string(),
  role: Role,
  created_at: z.iso.datetime(),
});
export type PoolUserPermission = z.infer<typeof PoolUserPermission>;

export const PoolUserListItem = z.object({
  id: z.uuid(),
  email: z.string(),
  /** Account names with the user's role there, pool first. */
  accounts: z.array(z.object({ account_type: z.enum(poolAccountTypes), account_name: z.string(), role: Role })),
  created_at: z.iso.datetime(),
});
export type PoolUserListItem = z.infer<typeof PoolUserListItem>;

export const PoolUsersPage = z.object({
  items: z.array(PoolUserListItem),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
});
export type PoolUsersPage = z.infer<typeof PoolUsersPage>;

/** What staff did to a user (spec 6): every action is recorded and shown on the user's page. */
export const poolUserActions = [
  'session_closed',
  'second_factor_reset',
  'deletion_requested',
  'user_deleted',
  'invite_resent',
] as const;
export const PoolUserAction = z.enum(poolUserActions);
export type PoolUserAction = z.infer<typeof PoolUserAction>;

export const PoolUserActionEntry = z.object({
  id: z.uuid(),
  action: PoolUserAction,
  /** Who did it. */
  actor_email: z.string(),
  /** What it touched: the session, the factors removed, the invitation's account. */
  detail: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  at: z.iso.datetime(),
});
export type PoolUserActionEntry = z.infer<typeof PoolUserActionEntry>;

/** `GET pools/{pool_id}/users/{user_id}`. */
export const PoolUser = z.object({
  id: z.uuid(),
  email: z.string(),
  email_verified: z.boolean(),
  second_factors: SecondFactors,
  /** When the user last signed in (their latest session), null if never. */
  last_sign_in_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  /** Newest first. */
  actions: z.array(PoolUserActionEntry),
});
export type PoolUser = z.infer<typeof PoolUser>;

/** A session of the user, as the identity service keeps it. */
export const PoolUserSession = z.object({
  id: z.uuid(),
  active: z.boolean(),
  authenticated_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  authenticator_assurance_level: z.string(),
  devices: z.array(z.object({ ip_address: z.string(), user_agent: z.string(), location: z.string() })),
});
export type PoolUserSession = z.infer<typeof PoolUserSession>;

export const inviteStates = ['pending', 'accepted', 'expired'] as const;

/** An invitation addressed to the user's e-mail, to an account of the pool. */
export const PoolUserInvite = z.object({
  id: z.uuid(),
  account_type: z.enum(['miner', 'pool', 'operator']),
  account_id: z.uuid(),
  account_name: z.string(),
  role: Role,
  state: z.enum(inviteStates),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  accepted_at: z.iso.datetime().nullable(),
});
export type PoolUserInvite = z.infer<typeof PoolUserInvite>;

/** `POST .../invites`: sends an invitation that is not accepted yet again, with a new link and a new week. */
export const ResendInviteBody = z.object({ invite_id: z.uuid() });

/** `POST .../2fa/reset`: which second factors were removed. */
export const SecondFactorReset = z.object({ removed: z.array(z.enum(['totp', 'lookup_secret', 'webauthn'])) });
export type SecondFactorReset = z.infer<typeof SecondFactorReset>;

/** `GET .../deletion-request`: pending until the identity is gone, then completed. */
export const DeletionRequest = z.object({
  state: z.enum(['pending', 'completed']),
  email: z.string(),
  requested_by_email: z.string(),
  requested_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});
export type DeletionRequest = z.infer<typeof DeletionRequest>;
