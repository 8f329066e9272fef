import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { endQuietly } from './end-quietly.ts';
import type { Database } from '@pool/db/database';

/** How long a process waits to hear its own notification back before it answers anyway. */
const settleTimeoutMs = 2000;
const reconnectDelayMs = 1000;

/**
 * Committed changes of some tables, heard from every process on the database: their triggers
 * notify a channel, which each process LISTENs to on a connection of its own; PGlite (one process)
 * delivers the triggers' notifications before the writing query returns. Whatever a process
 * remembers of those tables it forgets when it hears one (access: migration 0014; money: 0019).
 */
export interface DatabaseChanges {
  /** Called on every change heard, and whenever changes may have been missed (the connection dropped). */
  subscribe(listener: () => void): () => void;
  /** False while changes could be missed: whatever remembers those tables must ask the database. */
  live(): boolean;
  /**
   * After a change this process committed: tells this process's listeners at once, then
   * waits until the change's notification came back through the database, which has by then
   * signalled every other listening process too.
   */
  committed(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseChanges(
  database: Database,
  channel: string,
  onError: (error: unknown) => void = () => {},
): Promise<DatabaseChanges> {
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
    const unlisten = await driver.pglite.listen(channel, changed);
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
      if (message.channel !== channel) return;
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
      await next.query(`listen ${channel}`);
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
        await database.query('select pg_notify($1, $2)', [channel, token]);
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
