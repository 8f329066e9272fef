import { z } from 'zod';
import { accountKinds, roles } from './access-codes.ts';
import { PermissionFlags } from './access.ts';
import { MinerWallets } from './payouts.ts';
import { AppTheme } from './pool-config.ts';
import { accountNameRules } from './account-codes.ts';

// The lists live with the access rules, which need them without zod.
export { accountKinds, roles };

export const AccountKind = z.enum(accountKinds);
export type AccountKind = z.infer<typeof AccountKind>;

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const AccountName = z
  .string()
  .min(accountNameRules.minLength, 'length out of range')
  .max(accountNameRules.maxLength, 'length out of range')
  .regex(accountNameRules.pattern, 'match invalid');
export type AccountName = z.infer<typeof AccountName>;

const permissionBase = { id: z.uuid(), account_id: z.uuid(), role: Role, flags: PermissionFlags };

/** Spec 3: a permission names its account by the name field of its kind. */
export const Permission = z.discriminatedUnion('type', [
  z.object({ ...permissionBase, type: z.literal('miner'), account_name: z.string() }),
  z.object({ ...permissionBase, type: z.literal('pool'), pool_name: z.string() }),
  z.object({ ...permissionBase, type: z.literal('operator'), operator_name: z.string() }),
  z.object({ ...permissionBase, type: z.literal('platform') }),
]);
export type Permission = z.infer<typeof Permission>;

export const Miner = z.object({
  id: z.uuid(),
  account_name: AccountName,
  title: z.string().nullable(),
  operator_id: z.uuid().nullable(),
  created_at: z.iso.datetime(),
});
export type Miner = z.infer<typeof Miner>;

/** `GET miners/{id}` (spec 3 "Miner info"): the miner and its payout wallets; the first is used. */
export const MinerInfo = Miner.extend(MinerWallets.shape);
export type MinerInfo = z.infer<typeof MinerInfo>;

export const CreateMinerBody = z.object({
  account_name: AccountName,
  /** A customer-management sign-up: the operator (by title) who will manage this miner. */
  operator_title: z.string().trim().min(1).max(64).optional(),
  /** Sign-up data (spec 3): the promo code typed at registration or from a `?promocode=` link, applied now. */
  promo_code: z.string().trim().max(64).optional(),
  /** Sign-up data: the referral code of the link the person came through; links the miner to its referrer. */
  referral_code: z.string().trim().max(64).optional(),
});
export type CreateMinerBody = z.infer<typeof CreateMinerBody>;

export const MinerLookupQuery = z.object({ account_name: z.string().min(1) });
export const MinerLookup = z.object({ id: z.uuid(), account_name: z.string() });
export type MinerLookup = z.infer<typeof MinerLookup>;

/**
 * The customer-management config of spec 3, looked up by operator title for /{operatorId}/auth.
 * Spec 1 makes the theme a pool setting: an operator's pages wear its pool's theme, and the logo
 * the theme's brand colour (`#rrggbb`).
 */
export const OperatorLookup = z.object({
  id: z.uuid(),
  operator_name: z.string(),
  title: z.string(),
  theme: AppTheme,
  logo_colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type OperatorLookup = z.infer<typeof OperatorLookup>;
