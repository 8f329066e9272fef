import type { Database } from '@pool/db/database';
import { databaseChanges, type DatabaseChanges } from '../../../db/database-changes.ts';

/**
 * The channel migration 0019's triggers notify on every committed change of what the money reads
 * answer: ledger entries and transfers, reward breakdowns, payout requests, and the names of the
 * miners, operators and pools a payment shows as its other party.
 */
export const moneyChangeChannel = 'app_money_changed';

/** Changes of money, heard from every process on the database. */
export const moneyChanges = (database: Database, onError?: (error: unknown) => void): Promise<DatabaseChanges> =>
  databaseChanges(database, moneyChangeChannel, onError);
