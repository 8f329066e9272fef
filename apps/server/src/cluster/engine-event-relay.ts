import pg from 'pg';
import { endQuietly } from '../db/end-quietly.ts';
import type { Resolution } from '@pool/contract/mining';
import type { Database } from '@pool/db/database';
import type { EngineEvent, MiningEventBus } from '../modules/mining/events.ts';

/** The channel the writer announces its engine events on, for the cluster's other processes. */
export const engineEventChannel = 'app_engine_events';

/** NOTIFY payloads must stay under 8,000 bytes; a closed bucket names its accounts only below this. */
const accountListLimit = 6000;
const reconnectDelayMs = 1000;

/** Every account: what a closed bucket concerns when its account list was too long to send. */
class EveryAccount extends Set<string> {
  override has(): boolean {
    return true;
  }
}

type Wire =
  | { t: 'b'; r: Resolution; at: number; a?: string[] }
  | (Omit<Extract<EngineEvent, { type: 'worker_status_changed' }>, 'type'> & { t: 'w' });

export function encodeEngineEvent(event: EngineEvent): string {
  if (event.type === 'buckets_closed') {
    const accounts = [...event.accountIds];
    const wire: Wire = { t: 'b', r: event.resolution, at: event.at };
    // Every chart moves on a closed bucket; the list only says which had shares, when it is short.
    if (JSON.stringify(accounts).length <= accountListLimit) wire.a = accounts;
    return JSON.stringify(wire);
  }
  const { type: _type, ...rest } = event;
  return JSON.stringify({ t: 'w', ...rest } satisfies Wire);
}

export function decodeEngineEvent(payload: string): EngineEvent | undefined {
  const wire = JSON.parse(payload) as Wire;
  if (wire.t === 'b')
    return {
      type: 'buckets_closed',
      resolution: wire.r,
      at: wire.at,
      accountIds: wire.a ? new Set(wire.a) : new EveryAccount(),
    };
  if (wire.t === 'w') {
    const { t: _t, ...rest } = wire;
    return { type: 'worker_status_changed', ...rest };
  }
  return undefined;
}

/**
 * The writer's side: each engine event also goes through pg_notify, in the order the engine
 * published them (one at a time).
 */
export function publishEngineEvents(
  database: Database,
  events: MiningEventBus,
  onError: (error: unknown) => void,
): () => void {
  let chain = Promise.resolve();
  return events.subscribe((event) => {
    const payload = encodeEngineEvent(event);
    chain = chain.then(() =>
      database.query('select pg_notify($1, $2)', [engineEventChannel, payload]).then(() => undefined, onError),
    );
  });
}

/**
 * The other processes' side: LISTEN on a connection of its own and publish what the writer
 * announced into this process's bus, so its event streams and read caches move as the writer's do.
 */
export async function followEngineEvents(
  database: Database,
  events: MiningEventBus,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const { driver } = database;
  if (driver.kind !== 'postgres') throw new Error('engine events are relayed on PostgreSQL only');
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (connection: pg.Client, error: unknown) => {
    if (client !== connection) return;
    client = undefined;
    void endQuietly(connection);
    if (closed) return;
    onError(error);
    retry = setTimeout(() => void connect(), reconnectDelayMs);
  };

  const connect = async () => {
    const next = new pg.Client(driver.pool.options);
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the engine event connection closed')));
    next.on('notification', (message) => {
      if (message.channel !== engineEventChannel || !message.payload) return;
      let event: EngineEvent | undefined;
      try {
        event = decodeEngineEvent(message.payload);
      } catch (error) {
        onError(error);
      }
      if (event) events.publish(event);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${engineEventChannel}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (closed) await close();
  };

  const close = async () => {
    closed = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await endQuietly(last);
  };

  await connect();
  return { close };
}
