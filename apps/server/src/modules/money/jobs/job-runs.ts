import type { Database } from '@pool/db/database';

/**
 * Scheduled work claimed with a unique key, no job library (README, "Scheduled money work"): one
 * `job_runs` row per (job, day). A run inserts it `running`; whoever finishes marks it `done`, and
 * a done day is never run again. Work under a running claim is idempotent by itself (transfers'
 * keys), so a crashed run's row is simply taken over, and two processes may work a day at once.
 */
export function jobRuns(database: Database) {
  return {
    /** Claims the day for this process; answers 'done' when the day was finished before. */
    async claim(job: string, day: string, by: string): Promise<'claimed' | 'done'> {
      const rows = await database.query<{ status: string }>(
        `insert into app.job_runs (job, day, status, claimed_by) values ($1, $2::date, 'running', $3)
         on conflict (job, day) do update set claimed_by = excluded.claimed_by, heartbeat_at = now()
           where app.job_runs.status = 'running'
         returning status`,
        [job, day, by],
      );
      return rows.length > 0 ? 'claimed' : 'done';
    },

    async heartbeat(job: string, day: string): Promise<void> {
      await database.query(`update app.job_runs set heartbeat_at = now() where job = $1 and day = $2::date`, [
        job,
        day,
      ]);
    },

    async finish(job: string, day: string, result: Record<string, unknown>): Promise<void> {
      await database.query(
        `update app.job_runs set status = 'done', finished_at = now(), heartbeat_at = now(), result = $3::jsonb
         where job = $1 and day = $2::date and status = 'running'`,
        [job, day, JSON.stringify(result)],
      );
    },

    async isDone(job: string, day: string): Promise<boolean> {
      const rows = await database.query(
        `select 1 from app.job_runs where job = $1 and day = $2::date and status = 'done'`,
        [job, day],
      );
      return rows.length > 0;
    },

    /** Days of the job finished on or after `from`. */
    async doneDays(job: string, from: string): Promise<Set<string>> {
      const rows = await database.query<{ day: string }>(
        `select day::text as day from app.job_runs where job = $1 and status = 'done' and day >= $2::date`,
        [job, from],
      );
      return new Set(rows.map((row) => row.day));
    },
  };
}

export type JobRuns = ReturnType<typeof jobRuns>;
