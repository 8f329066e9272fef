import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { endQuietly } from '../../db/end-quietly.ts';
import type { Database } from '@pool/db/database';

/**
 * The channel migration 0014's triggers notify on every committed change of who reaches which
 * account: app.permissions, and the miners' and operators' links to their operator and pool.
 */
export const accessChangeChannel = 'app_access_changed';

/** How long a process waits to hear its own notification back before it answers anyway. */
const settleTimeoutMs = 2000;
const reconnectDelayMs = 1000;

/**
 * Changes of access, heard from every process on the database: PostgreSQL LISTEN on a connection
 * of its own; PGlite (one process) delivers the triggers' notifications before the writing query
 * returns.
 */
export interface AccessChanges {
  /** Called on every change heard, and whenever changes may have been missed (the connection dropped). */
  subscribe(listener: () => void): () => void;
  /** False while changes could be missed: whatever remembers grants must ask the database. */
  live(): boolean;
  /**
   * After an access change this process committed: tells this process's listeners at once, then
   * waits until the change's notification came back through the database, which has by then
   * signalled every other listening process too.
   */
  committed(): Promise<void>;
  close(): Promise<void>;
}

export async function accessChanges(
  database: Database,
  onError: (error: unknown) => void = () => {},
): Promise<AccessChanges> {
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const { driver } = database;

  if (driver.kind === 'pglite') {
    const unlisten = await driver.pglite.listen(accessChangeChannel, changed);
    return {
      subscribe,
      live: () => true,
      committed: async () => changed(),
      close: () => unlisten(),
    };
  }

  // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const echoes = new Map<string, () => void>();

  const lost = (error?: unknown) => {
    if (error) onError(error);
    if (!live && !client) return;
    live = false;
    const dropped = client;
    client = undefined;
    void endQuietly(dropped);
    // Whatever was heard before may be stale by the time the connection is back.
    changed();
    for (const resolve of echoes.values()) resolve();
    echoes.clear();
    if (!closed) retry = setTimeout(() => void connect(), reconnectDelayMs);
  };

  const connect = async () => {
    const next = new pg.Client(driver.pool.options);
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (message.channel !== accessChangeChannel) return;
      changed();
      const payload = message.payload ?? '';
      const echo = echoes.get(payload);
      if (echo) {
        echoes.delete(payload);
        echo();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${accessChangeChannel}`);
    } catch (error) {
      void endQuietly(next);
      onError(error);
      if (!closed) retry = setTimeout(() => void connect(), reconnectDelayMs);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    live = true;
    // Changes made while nobody listened are unknown: forget everything remembered.
    changed();
  };
  await connect();

  return {
    subscribe,
    live: () => live,
    async committed() {
      changed();
      if (!live) return;
      const token = `echo:${randomUUID()}`;
      const heard = new Promise<void>((resolve) => echoes.set(token, resolve));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, settleTimeoutMs)));
      try {
        await database.query('select pg_notify($1, $2)', [accessChangeChannel, token]);
        await Promise.race([heard, timeout]);
      } finally {
        clearTimeout(timer);
        echoes.delete(token);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      live = false;
      const last = client;
      client = undefined;
      await endQuietly(last);
    },
  };
}
