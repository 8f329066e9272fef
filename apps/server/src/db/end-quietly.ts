import type pg from 'pg';

/**
 * Closes a connection of its own (a LISTEN, a lock) that is done with: its listeners go, and
 * whatever it still reports while closing (a reset, a timeout) is ignored.
 */
export async function endQuietly(connection: pg.Client | undefined): Promise<void> {
  if (!connection) return;
  connection.removeAllListeners();
  connection.on('error', () => {});
  await connection.end().catch(() => {});
}
