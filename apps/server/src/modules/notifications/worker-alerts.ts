import type { Database } from '@pool/db/database';
import { thresholds } from '../mining/rules.ts';
import { transaction } from '../mining/sql.ts';
import { isOffline, shareRateOf } from './offline-rule.ts';

interface Candidate extends Record<string, unknown> {
  id: number;
  miner_id: string;
  worker_name: string;
  first_share_at: Date | string;
  last_share_at: Date | string;
  shares: number;
}

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * Worker offline alerts (issue 17), debounced against luck: a worker is reported offline once its
 * silence is unlikely at its own share rate (offline-rule.ts), once per outage, and reported back
 * once when it shares again. Each scan writes one `worker-status-changed` event per miner account
 * with every worker that went offline or came back, so a farm that loses power is one message.
 * `app.worker_offline_alerts` holds the outages announced, so a restart neither repeats nor loses one.
 */
export function workerOfflineAlerts({ database, clock }: { database: Database; clock: () => number }) {
  return {
    /** Looks at every account's workers now; answers how many events it wrote. */
    async scan(): Promise<number> {
      const now = clock();
      // The worker's shares of the 24 hours before its last one: the 20-minute buckets (kept 25
      // hours) and the minute buckets (kept an hour) newer than its last 20-minute bucket.
      const candidates = await database.query<Candidate>(
        `select w.id, w.miner_id, w.worker_name, w.first_share_at, w.last_share_at,
            (coalesce(s20.shares, 0) + coalesce(s1.shares, 0))::int as shares
          from app.workers w
          join app.miners m on m.id = w.miner_id and m.deleted_at is null
          left join lateral (
            select max(b.bucket_start) + interval '20 minutes' as boundary, sum(b.accepted_shares) as shares
              from app.worker_hashrate_20m b
              where b.worker_id = w.id and b.bucket_start >= w.last_share_at - interval '24 hours'
          ) s20 on true
          left join lateral (
            select sum(b.accepted_shares) as shares from app.worker_hashrate_1m b
              where b.worker_id = w.id and b.bucket_start >= coalesce(s20.boundary, w.last_share_at - interval '24 hours')
          ) s1 on true
          where w.last_share_at <= $1 and w.last_share_at > $2 and w.first_share_at is not null
            and not exists (select 1 from app.worker_offline_alerts a where a.worker_id = w.id)`,
        [new Date(now - thresholds.unavailableAfter), new Date(now - thresholds.removedAfter)],
      );
      const offline = candidates.filter((worker) => {
        const lastShareAt = ms(worker.last_share_at);
        const rate = shareRateOf({
          shares: Number(worker.shares),
          firstShareAt: ms(worker.first_share_at),
          lastShareAt,
        });
        return isOffline(lastShareAt, now, rate);
      });
      return transaction(database, async (query) => {
        const announced: { miner_id: string; name: string; last_share_at: string; back: boolean }[] = [];
        for (const worker of offline) {
          const [row] = await query<{ worker_id: number }>(
            `insert into app.worker_offline_alerts (worker_id, miner_id, last_share_at, alerted_at) values ($1, $2, $3, $4)
              on conflict (worker_id) do nothing returning worker_id`,
            [worker.id, worker.miner_id, new Date(worker.last_share_at), new Date(now)],
          );
          if (row) {
            announced.push({
              miner_id: worker.miner_id,
              name: worker.worker_name,
              last_share_at: new Date(worker.last_share_at).toISOString(),
              back: false,
            });
          }
        }
        const back = await query<{ miner_id: string; worker_name: string; last_share_at: Date | string }>(
          `delete from app.worker_offline_alerts a using app.workers w
            where w.id = a.worker_id and w.last_share_at > a.last_share_at
            returning a.miner_id, w.worker_name, w.last_share_at`,
        );
        for (const worker of back) {
          announced.push({
            miner_id: worker.miner_id,
            name: worker.worker_name,
            last_share_at: new Date(worker.last_share_at).toISOString(),
            back: true,
          });
        }
        const byMiner = new Map<string, typeof announced>();
        for (const entry of announced) byMiner.set(entry.miner_id, [...(byMiner.get(entry.miner_id) ?? []), entry]);
        for (const [minerId, entries] of byMiner) {
          const list = (wantBack: boolean) =>
            entries
              .filter((entry) => entry.back === wantBack)
              .map(({ name, last_share_at }) => ({ name, last_share_at }))
              .sort((a, b) => a.name.localeCompare(b.name));
          await query(
            `insert into app.notification_events (kind, miner_id, payload) values ('worker-status-changed', $1, $2)`,
            [minerId, JSON.stringify({ at: new Date(now).toISOString(), offline: list(false), back: list(true) })],
          );
        }
        return byMiner.size;
      });
    },
  };
}

export type WorkerOfflineAlerts = ReturnType<typeof workerOfflineAlerts>;
