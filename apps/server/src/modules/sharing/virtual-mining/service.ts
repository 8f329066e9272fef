import type { Database } from '@pool/db/database';
import type {
  EndVirtualMiningContractBody,
  VirtualMiningContract,
  VirtualMiningContractBody,
} from '@pool/contract/sharing';
import type { VirtualMiningStatus } from '@pool/contract/sharing-codes';
import { HttpError } from '../../../http/errors.ts';
import { transaction, type Query } from '../../mining/sql.ts';

/**
 * Spec 2 /transfers and spec 3 worker behaviour `boundary`: pool staff create and end the pool's
 * virtual-mining contracts. What is stored is what the recipient's boundary workers
 * (mining/read/boundary-service.ts) and the reward run's virtual-mining step (money/rewards/steps.ts)
 * already read, so a contract takes effect there from its start, in proportion to the part of a day
 * it runs.
 */

export const contractRefusals = {
  noMiner: 'No miner has this account',
  self: 'A miner cannot give hashrate to itself',
  past: 'Must not be in the past',
  overShared: 'The donor’s contracts would give away more than 100 % of its hashrate at once',
  ended: 'This contract has already ended',
  later: 'A contract can only end earlier than it was set to',
} as const;

/** A start or an end given this much before the server's clock still counts as now (a form's minute). */
const slackMs = 60_000;

interface ContractRecord extends Record<string, unknown> {
  id: string;
  donor_miner_id: string;
  donor_account_name: string;
  recipient_miner_id: string;
  recipient_account_name: string;
  hash_rate_share: number | null;
  fixed_hash_rate: number | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  created_at: Date | string;
}

const contractColumns = `c.id, c.donor_miner_id, d.account_name as donor_account_name, c.recipient_miner_id,
  r.account_name as recipient_account_name, c.hash_rate_share, c.fixed_hash_rate, c.starts_at, c.ends_at, c.created_at`;
const contractJoins = `app.virtual_mining_contracts c join app.miners d on d.id = c.donor_miner_id
  join app.miners r on r.id = c.recipient_miner_id`;

const millis = (value: Date | string): number => new Date(value).getTime();

/** Ended from its end on, or at once when it was ended before it started (it never runs). */
export function statusOf(startsAt: number, endsAt: number | null, now: number): VirtualMiningStatus {
  if (endsAt !== null && (endsAt <= now || endsAt <= startsAt)) return 'ended';
  return startsAt > now ? 'scheduled' : 'running';
}

function contractOf(row: ContractRecord, now: number): VirtualMiningContract {
  const startsAt = millis(row.starts_at);
  const endsAt = row.ends_at === null ? null : millis(row.ends_at);
  return {
    id: row.id,
    donor_miner_id: row.donor_miner_id,
    donor_account_name: row.donor_account_name,
    recipient_miner_id: row.recipient_miner_id,
    recipient_account_name: row.recipient_account_name,
    hash_rate_share: row.hash_rate_share === null ? null : Number(row.hash_rate_share),
    fixed_hash_rate: row.fixed_hash_rate === null ? null : Number(row.fixed_hash_rate),
    starts_at: new Date(startsAt).toISOString(),
    ends_at: endsAt === null ? null : new Date(endsAt).toISOString(),
    status: statusOf(startsAt, endsAt, now),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * The most of a donor's hashrate its share contracts give away at any one moment of [from, to):
 * the largest sum of the shares running together.
 */
export function peakShare(
  contracts: { share: number; startsAt: number; endsAt: number | null }[],
  from: number,
  to: number | null,
): number {
  const end = (value: number | null) => value ?? Infinity;
  const overlapping = contracts.filter((contract) => contract.startsAt < end(to) && end(contract.endsAt) > from);
  const moments = [from, ...overlapping.map((contract) => contract.startsAt).filter((at) => at > from)];
  let peak = 0;
  for (const moment of moments) {
    const running = overlapping
      .filter((contract) => contract.startsAt <= moment && end(contract.endsAt) > moment)
      .reduce((sum, contract) => sum + contract.share, 0);
    peak = Math.max(peak, running);
  }
  return peak;
}

export interface VirtualMiningServiceOptions {
  database: Database;
  clock: () => number;
}

export function virtualMiningService({ database, clock }: VirtualMiningServiceOptions) {
  const read: Query = (text, params) => database.query(text, params);

  async function one(query: Query, poolId: string, contractId: string): Promise<ContractRecord | undefined> {
    const [row] = await query<ContractRecord>(
      `select ${contractColumns} from ${contractJoins} where c.id = $1 and d.pool_id = $2`,
      [contractId, poolId],
    );
    return row;
  }

  async function minerNamed(query: Query, poolId: string, accountName: string, field: string) {
    const [miner] = await query<{ id: string }>(
      'select id from app.miners where account_name = $1 and pool_id = $2 and deleted_at is null',
      [accountName.trim(), poolId],
    );
    if (!miner) throw new HttpError('not_found', { fields: [{ field, text: contractRefusals.noMiner }] });
    return miner.id;
  }

  return {
    /** The pool's contracts, or those a miner gives or receives hashrate under; newest start first. */
    async list(poolId: string, filter: { minerId?: string | undefined; page: number; perPage: number }) {
      const where = `d.pool_id = $1 and ($2::uuid is null or c.donor_miner_id = $2::uuid or c.recipient_miner_id = $2::uuid)`;
      const params = [poolId, filter.minerId ?? null];
      const [rows, [count]] = await Promise.all([
        database.query<ContractRecord>(
          `select ${contractColumns} from ${contractJoins} where ${where}
           order by c.starts_at desc, c.created_at desc, c.id limit $3 offset $4`,
          [...params, filter.perPage, (filter.page - 1) * filter.perPage],
        ),
        database.query<{ n: number }>(`select count(*)::int as n from ${contractJoins} where ${where}`, params),
      ]);
      const now = clock();
      return { items: rows.map((row) => contractOf(row, now)), total: Number(count?.n ?? 0) };
    },

    async create(poolId: string, body: VirtualMiningContractBody): Promise<VirtualMiningContract> {
      const now = clock();
      const startsAt = Date.parse(body.starts_at);
      const endsAt = body.ends_at ? Date.parse(body.ends_at) : null;
      if (startsAt < now - slackMs) {
        throw new HttpError('validation_failed', { fields: [{ field: 'starts_at', text: contractRefusals.past }] });
      }
      const id = await transaction(database, async (query) => {
        const donor = await minerNamed(query, poolId, body.donor_account_name, 'donor_account_name');
        const recipient = await minerNamed(query, poolId, body.recipient_account_name, 'recipient_account_name');
        if (donor === recipient) {
          throw new HttpError('validation_failed', {
            fields: [{ field: 'recipient_account_name', text: contractRefusals.self }],
          });
        }
        // The donor's row lock serializes its contracts, so two at once cannot pass 100 % together.
        await query('select id from app.miners where id = $1 for update', [donor]);
        const share = body.hash_rate_share ?? null;
        if (share !== null) {
          const others = await query<{
            hash_rate_share: number;
            starts_at: Date | string;
            ends_at: Date | string | null;
          }>(
            `select hash_rate_share, starts_at, ends_at from app.virtual_mining_contracts
             where donor_miner_id = $1 and hash_rate_share is not null and (ends_at is null or ends_at > $2)`,
            [donor, new Date(startsAt).toISOString()],
          );
          const peak = peakShare(
            [
              ...others.map((row) => ({
                share: Number(row.hash_rate_share),
                startsAt: millis(row.starts_at),
                endsAt: row.ends_at === null ? null : millis(row.ends_at),
              })),
              { share, startsAt, endsAt },
            ],
            startsAt,
            endsAt,
          );
          // Shares are stored as doubles: a sum of exactly 1 may come out a hair above it.
          if (peak > 1 + 1e-9) {
            throw new HttpError('validation_failed', {
              fields: [{ field: 'hash_rate_share', text: contractRefusals.overShared }],
            });
          }
        }
        const [row] = await query<{ id: string }>(
          `insert into app.virtual_mining_contracts (donor_miner_id, recipient_miner_id, hash_rate_share, fixed_hash_rate, starts_at, ends_at)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [
            donor,
            recipient,
            share,
            body.fixed_hash_rate ?? null,
            new Date(startsAt).toISOString(),
            endsAt === null ? null : new Date(endsAt).toISOString(),
          ],
        );
        if (!row) throw new Error('inserting a contract returned no row');
        return row.id;
      });
      const row = await one(read, poolId, id);
      if (!row) throw new Error(`contract ${id} was written but not found`);
      return contractOf(row, clock());
    },

    /**
     * Ends a contract at `ends_at`, now when absent. An end before its start leaves it never run; an
     * end already past, or later than the one it has, is refused.
     */
    async end(poolId: string, contractId: string, body: EndVirtualMiningContractBody): Promise<VirtualMiningContract> {
      const now = clock();
      const asked = body.ends_at ? Date.parse(body.ends_at) : now;
      await transaction(database, async (query) => {
        const [row] = await query<{ starts_at: Date | string; ends_at: Date | string | null }>(
          `select c.starts_at, c.ends_at from app.virtual_mining_contracts c join app.miners d on d.id = c.donor_miner_id
           where c.id = $1 and d.pool_id = $2 for update of c`,
          [contractId, poolId],
        );
        if (!row) throw new HttpError('not_found');
        const startsAt = millis(row.starts_at);
        const current = row.ends_at === null ? null : millis(row.ends_at);
        if (statusOf(startsAt, current, now) === 'ended') {
          throw new HttpError('conflict', { fields: [{ field: 'ends_at', text: contractRefusals.ended }] });
        }
        if (asked < now - slackMs) {
          throw new HttpError('validation_failed', { fields: [{ field: 'ends_at', text: contractRefusals.past }] });
        }
        if (current !== null && asked > current) {
          throw new HttpError('validation_failed', { fields: [{ field: 'ends_at', text: contractRefusals.later }] });
        }
        const endsAt = Math.max(asked, startsAt);
        await query('update app.virtual_mining_contracts set ends_at = $2 where id = $1', [
          contractId,
          new Date(endsAt).toISOString(),
        ]);
      });
      const row = await one(read, poolId, contractId);
      if (!row) throw new Error(`contract ${contractId} was ended but not found`);
      return contractOf(row, clock());
    },
  };
}

export type VirtualMiningService = ReturnType<typeof virtualMiningService>;
