import type { ProfitSplit } from '@pool/contract/sharing';
import type { Database } from '@pool/db/database';
import { HttpError } from '../../../http/errors.ts';
import { transaction } from '../../mining/sql.ts';
import { dayMs, dayOf, startOf } from '../../money/rewards/reward-run.ts';
import { basisPointsOf, percentOf } from '../../money/rewards/terms-repository.ts';

/**
 * Spec 3 "Profit split" and spec 4: a donor's splits start at the next 00:00 UTC. A change ends the
 * split in force (or one not started yet, as of its start) and starts another, so a day's run reads
 * the splits as they were on that day. The percents a donor has from tomorrow total at most 100.
 */

export const splitRefusals = {
  self: 'A miner cannot share its profit with itself',
  over: 'The percents of all recipients total more than 100',
  recipient: 'No miner has this account',
} as const;

interface SplitRecord extends Record<string, unknown> {
  recipient_miner_id: string;
  account_name: string;
  percent_bp: number;
  starts_on: string;
}

const splitOf = (row: SplitRecord): ProfitSplit => ({
  recipient_miner_id: row.recipient_miner_id,
  recipient_account_name: row.account_name,
  percent: percentOf(Number(row.percent_bp)),
  starts_on: row.starts_on,
});

export function profitSplitService(database: Database, clock: () => number) {
  const tomorrow = () => dayOf(startOf(dayOf(clock())) + dayMs);

  /** The donor's splits not ended: in force now or starting tomorrow. */
  async function open(donor: string, recipient?: string): Promise<ProfitSplit[]> {
    const rows = await database.query<SplitRecord>(
      `select s.recipient_miner_id, m.account_name, s.percent_bp, s.starts_on::text as starts_on
       from app.profit_splits s join app.miners m on m.id = s.recipient_miner_id
       where s.donor_miner_id = $1 and s.ends_on is null and ($2::uuid is null or s.recipient_miner_id = $2::uuid)
       order by s.created_at, s.id`,
      [donor, recipient ?? null],
    );
    return rows.map(splitOf);
  }

  return {
    list: (donor: string) => open(donor),

    async one(donor: string, recipient: string): Promise<ProfitSplit> {
      const [split] = await open(donor, recipient);
      if (!split) throw new HttpError('not_found');
      return split;
    },

    async set(donor: string, recipient: string, percent: number, createdBy: string): Promise<ProfitSplit> {
      if (donor === recipient) {
        throw new HttpError('validation_failed', { fields: [{ field: 'recipient', text: splitRefusals.self }] });
      }
      const startsOn = tomorrow();
      const percentBp = basisPointsOf(percent);
      await transaction(database, async (tx) => {
        // The donor's row lock serializes its changes, so two at once cannot pass 100 % together.
        const [donorRow] = await tx('select id from app.miners where id = $1 and deleted_at is null for update', [
          donor,
        ]);
        if (!donorRow) throw new HttpError('not_found');
        const [recipientRow] = await tx('select id from app.miners where id = $1 and deleted_at is null', [recipient]);
        if (!recipientRow) {
          throw new HttpError('not_found', { fields: [{ field: 'recipient', text: splitRefusals.recipient }] });
        }
        const [others] = await tx<{ total: number }>(
          `select coalesce(sum(percent_bp), 0)::int as total from app.profit_splits
           where donor_miner_id = $1 and ends_on is null and recipient_miner_id <> $2`,
          [donor, recipient],
        );
        if (Number(others?.total ?? 0) + percentBp > 10_000) {
          throw new HttpError('validation_failed', { fields: [{ field: 'percent', text: splitRefusals.over }] });
        }
        await tx(
          `update app.profit_splits set ends_on = greatest(starts_on, $3::date)
           where donor_miner_id = $1 and recipient_miner_id = $2 and ends_on is null`,
          [donor, recipient, startsOn],
        );
        await tx(
          `insert into app.profit_splits (donor_miner_id, recipient_miner_id, percent_bp, starts_on, created_by)
           values ($1, $2, $3, $4::date, $5)`,
          [donor, recipient, percentBp, startsOn, createdBy],
        );
      });
      return this.one(donor, recipient);
    },

    /** Ends the split from tomorrow (today's share is still paid). */
    async remove(donor: string, recipient: string): Promise<void> {
      const rows = await database.query(
        `update app.profit_splits set ends_on = greatest(starts_on, $3::date)
         where donor_miner_id = $1 and recipient_miner_id = $2 and ends_on is null returning id`,
        [donor, recipient, tomorrow()],
      );
      if (rows.length === 0) throw new HttpError('not_found');
    },
  };
}

export type ProfitSplitService = ReturnType<typeof profitSplitService>;
