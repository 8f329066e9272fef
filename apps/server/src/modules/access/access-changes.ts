import type { Database } from '@pool/db/database';
import { databaseChanges, type DatabaseChanges } from '../../db/database-changes.ts';

/**
 * The channel migration 0014's triggers notify on every committed change of who reaches which
 * account: app.permissions, and the miners' and operators' links to their operator and pool.
 */
export const accessChangeChannel = 'app_access_changed';

export type AccessChanges = DatabaseChanges;

/** Changes of access, heard from every process on the database. */
export const accessChanges = (database: Database, onError?: (error: unknown) => void): Promise<AccessChanges> =>
  databaseChanges(database, accessChangeChannel, onError);
