import { z } from 'zod';
import { PermissionFlags, Section } from './access.ts';

/** Spec 3: a watcher link's token; 32 random bytes, base64url (256 bits). */
export const WatcherToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'match invalid');

/**
 * A watcher link as lists show it (spec 3: name, access and creation date, and who made it). The
 * token is not here: only its hash is kept, so the link is shown once, when it is created.
 */
export const Watcher = z.object({
  id: z.uuid(),
  name: z.string(),
  access: z.array(Section),
  miner_id: z.uuid(),
  account_name: z.string(),
  created_at: z.iso.datetime(),
  /** Null once the person who made the link no longer exists. */
  created_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
});
export type Watcher = z.infer<typeof Watcher>;

/** The answer to creating a watcher link: the one time its token is shown. */
export const CreatedWatcher = Watcher.extend({ token: WatcherToken });
export type CreatedWatcher = z.infer<typeof CreatedWatcher>;

/** Sections a watcher may be given: read-only views only (spec 6). */
export const WatcherSection = z.enum(['Workers', 'Payments']);

export const CreateWatcherBody = z.object({
  name: z.string().trim().min(1, 'Should not be blank').max(64, 'length out of range'),
  access: z.array(WatcherSection).min(1, 'Should not be blank'),
});
export type CreateWatcherBody = z.infer<typeof CreateWatcherBody>;

export const CreateIdentityWatcherBody = CreateWatcherBody.extend({ miner_id: z.uuid() });

/** `GET watchers/{token}`: what a watcher link opens. The first permission is the one used. */
export const WatcherInfo = z.object({
  name: z.string(),
  permissions: z.array(
    z.object({ type: z.literal('miner'), account_id: z.uuid(), account_name: z.string(), flags: PermissionFlags }),
  ),
});
export type WatcherInfo = z.infer<typeof WatcherInfo>;
