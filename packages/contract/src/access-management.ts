import { z } from 'zod';
import { Role } from './accounts.ts';

/** Roles an account can invite someone with; `owner` belongs to whoever created the account. */
export const invitableRoles = ['admin', 'manager', 'accountant', 'treasurer', 'viewer'] as const;
export const InvitableRole = z.enum(invitableRoles);
export type InvitableRole = z.infer<typeof InvitableRole>;

/**
 * The roles an account of this kind offers. On a pool every role sees every section (spec 5), so
 * pool roles differ only in managing or not: a pool offers admin and viewer.
 */
export function invitableRolesOn(kind: 'miner' | 'pool' | 'operator'): readonly InvitableRole[] {
  return kind === 'pool' ? ['admin', 'viewer'] : invitableRoles;
}

/** A person with a role on the account. */
export const AccessMember = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: z.string(),
  role: Role,
  created_at: z.iso.datetime(),
});
export type AccessMember = z.infer<typeof AccessMember>;

/** An invitation not accepted yet. */
export const AccessInvite = z.object({
  id: z.uuid(),
  email: z.string(),
  role: Role,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type AccessInvite = z.infer<typeof AccessInvite>;

/** `GET {miners|pools|operators}/{id}/access`. */
export const AccessList = z.object({ members: z.array(AccessMember), invites: z.array(AccessInvite) });
export type AccessList = z.infer<typeof AccessList>;

export const InviteBody = z.object({
  email: z.email('invalid input').max(254, 'length out of range'),
  role: InvitableRole,
});
export type InviteBody = z.infer<typeof InviteBody>;

export const ChangeRoleBody = z.object({ role: InvitableRole });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

/** An invitation token as the e-mail carries it: 32 random bytes, base64url. */
export const InviteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'match invalid');

export const AcceptInviteBody = z.object({ token: InviteToken });

/** `POST invites/accept`: the account the new permission is on. */
export const AcceptedInvite = z.object({
  account_type: z.enum(['miner', 'pool', 'operator']),
  account_id: z.uuid(),
  role: Role,
});
export type AcceptedInvite = z.infer<typeof AcceptedInvite>;

/** `GET invites/{token}`: what an invitation link opens, for the invitation page. */
export const InviteInfo = z.object({
  email: z.string(),
  account_type: z.enum(['miner', 'pool', 'operator']),
  account_name: z.string(),
  role: Role,
  expires_at: z.iso.datetime(),
  /** The e-mail already signs in: accept after signing in. Otherwise the page makes the account. */
  has_identity: z.boolean(),
});
export type InviteInfo = z.infer<typeof InviteInfo>;

/** `POST invites/{token}/activation`: the invitee agreed to the terms and gets an identity. */
export const InviteActivationBody = z.object({ terms_agreed: z.literal(true) });

/** The recovery flow and code that sign the new invitee in, to set a password and two-factor. */
export const InviteActivation = z.object({ recovery_flow_id: z.string(), recovery_code: z.string() });
export type InviteActivation = z.infer<typeof InviteActivation>;
