import { z } from 'zod';
import { sections, type PermissionFlags as PermissionFlagsShape } from './access-codes.ts';

export * from './access-codes.ts';

export const Section = z.enum(sections);
export type Section = z.infer<typeof Section>;

export const PermissionFlags = z.object({
  section_payments_read: z.boolean(),
  section_workers_read: z.boolean(),
  section_virtual_mining_read: z.boolean(),
  section_referrals_read: z.boolean(),
  section_permissions_read: z.boolean(),
  total_fee_hide: z.boolean(),
}) satisfies z.ZodType<PermissionFlagsShape>;
export type PermissionFlags = PermissionFlagsShape;
