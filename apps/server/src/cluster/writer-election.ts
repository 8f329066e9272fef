import pg from 'pg';
import { endQuietly } from '../db/end-quietly.ts';
import type { Database } from '@pool/db/database';

/**
 * The writer lock: a session-level advisory lock (two-key form, so pg_locks shows it as classid,
 * objid with objsubid 2). Advisory locks belong to one database, so two pools on one server
 * never meet.
 */
export const writerLockKeys = [0x706f6f6c, 0x77726974] as const;

/** What the writer's lock connection is called while it holds the lock; the rest is its address. */
const writerNamePrefix = 'pool-writer ';

export interface WriterElectionOptions {
  database: Database;
  /** How often a process that is not the writer tries to become it. */
  retryMs?: number;
  /** This process holds the lock: start the writer's work, then `announce` where it takes ingest. */
  onElected: (announce: (address: string) => Promise<void>) => Promise<void>;
  /**
   * The lock's connection broke while this process was the writer: another process may take
   * over at any moment, so whatever writes must stop at once (main exits).
   */
  onLost: (error: unknown) => void;
  onError?: (error: unknown) => void;
}

export interface WriterElection {
  /** True from the moment the lock is held and the writer's work has started. */
  isWriter(): boolean;
  /** Stops trying; a writer's lock is released with its connection. */
  close(): Promise<void>;
}

/**
 * Elects the one process of a cluster that writes (the mining engine's aggregator and ticker, the
 * schedulers): it holds `writerLockKeys` on a connection of its own for as long as it lives. The
 * others try again every `retryMs`; when the writer dies, its connection closes, PostgreSQL frees
 * the lock and the next try wins.
 */
export async function writerElection(options: WriterElectionOptions): Promise<WriterElection> {
  const { driver } = options.database;
  if (driver.kind !== 'postgres') throw new Error('writer election needs PostgreSQL');
  const retryMs = options.retryMs ?? 2000;
  let client: pg.Client | undefined;
  let holding = false;
  let elected = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const broken = (connection: pg.Client, error: unknown) => {
    if (client !== connection) return;
    client = undefined;
    void endQuietly(connection);
    if (closed) return;
    if (holding) {
      holding = false;
      elected = false;
      options.onLost(error);
      return;
    }
    options.onError?.(error);
    schedule();
  };

  const schedule = () => {
    if (!closed) timer = setTimeout(() => void attempt(), retryMs);
  };

  const connection = async (): Promise<pg.Client> => {
    if (client) return client;
    const next = new pg.Client({ ...driver.pool.options, application_name: 'pool-candidate' });
    next.on('error', (error) => broken(next, error));
    next.on('end', () => broken(next, new Error('the writer lock connection closed')));
    client = next;
    await next.connect();
    return next;
  };

  const attempt = async () => {
    if (closed || holding) return;
    try {
      const connected = await connection();
      const [row] = (
        await connected.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [...writerLockKeys])
      ).rows;
      if (!row?.held) return schedule();
      holding = true;
    } catch (error) {
      if (client) broken(client, error);
      else {
        options.onError?.(error);
        schedule();
      }
      return;
    }
    if (closed) return;
    try {
      await options.onElected(announce);
    } catch (error) {
      // Half a writer holds the lock and writes nothing: main stops this process, which frees it.
      options.onLost(error);
      return;
    }
    if (holding) elected = true;
  };

  /** Names the lock's connection after the address this writer takes forwarded ingest on. */
  const announce = async (address: string) => {
    if (!client || !holding) throw new Error('this process does not hold the writer lock');
    await client.query(`select set_config('application_name', $1, false)`, [`${writerNamePrefix}${address}`]);
  };

  await attempt();

  return {
    isWriter: () => elected,
    async close() {
      closed = true;
      clearTimeout(timer);
      elected = false;
      holding = false;
      const last = client;
      client = undefined;
      await endQuietly(last);
    },
  };
}

/**
 * Where the writer takes forwarded ingest, read from the database: the name of the connection that
 * holds the writer lock. Undefined while nobody holds it, or the holder has not announced yet.
 * The lock and its name vanish together, so an address read here is never of a dead writer's
 * connection (though the writer may die a moment later: the forward then fails and is retried).
 */
export async function writerAddress(database: Database): Promise<string | undefined> {
  const rows = await database.query<{ name: string | null }>(
    `select a.application_name as name
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 2
        and l.classid = $1::int::oid and l.objid = $2::int::oid
        and l.database = (select oid from pg_database where datname = current_database())`,
    [...writerLockKeys],
  );
  const name = rows[0]?.name ?? '';
  return name.startsWith(writerNamePrefix) ? name.slice(writerNamePrefix.length) : undefined;
}
