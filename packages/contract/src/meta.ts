import { z } from 'zod';

/** `GET /meta/version.json` (spec 7, static files). */
export const VersionMeta = z.object({ version: z.string().min(1) });
export type VersionMeta = z.infer<typeof VersionMeta>;

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.boolean()).optional(),
});
export type Health = z.infer<typeof Health>;
