import type { Database } from '@pool/db/database';
import { epochMs, millisOf, type Query } from '../sql.ts';

export interface MinerRow {
  id: string;
  accountName: string;
  operatorId: string | null;
  poolId: string;
}

export interface WorkerRow {
  id: number;
  minerId: string;
  operatorId: string | null;
  poolId: string;
  workerName: string;
  firstShareAt: number | null;
  lastShareAt: number | null;
}

export interface ContractInput {
  donorMinerId: string;
  recipientMinerId: string;
  hashRateShare: number | null;
  fixedHashRate: number | null;
  startsAt: number;
  endsAt: number | null;
}

type NewWorker = { poolId: string; minerId: string; operatorId: string | null; workerName: string };

/** Creates the workers that do not exist yet and answers every one's id. */
async function ensureWorkers(query: Query, rows: NewWorker[]): Promise<Map<string, number>> {
  const found = await query<{ id: number; miner_id: string; worker_name: string }>(
    `with wanted as (
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) as t(pool_id, miner_id, operator_id, worker_name)
     ), created as (
       insert into app.workers (pool_id, miner_id, operator_id, worker_name)
       select pool_id, miner_id, operator_id, worker_name from wanted
       on conflict (miner_id, worker_name) do nothing
       returning id, miner_id, worker_name
     )
     select id, miner_id, worker_name from created
     union all
     select w.id, w.miner_id, w.worker_name from app.workers w join wanted using (miner_id, worker_name)`,
    [
      rows.map((row) => row.poolId),
      rows.map((row) => row.minerId),
      rows.map((row) => row.operatorId),
      rows.map((row) => row.workerName),
    ],
  );
  return new Map(found.map((row) => [`${row.miner_id}/${row.worker_name}`, row.id]));
}

/** Records a virtual-mining contract: the recipient gets a boundary worker fed by the donor. */
async function addContract(query: Query, contract: ContractInput): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into app.virtual_mining_contracts (donor_miner_id, recipient_miner_id, hash_rate_share, fixed_hash_rate, starts_at, ends_at)
     values ($1, $2, $3, $4, ${epochMs('$5::bigint')}, case when $6::bigint is null then null else ${epochMs('$6::bigint')} end) returning id`,
    [
      contract.donorMinerId,
      contract.recipientMinerId,
      contract.hashRateShare,
      contract.fixedHashRate,
      contract.startsAt,
      contract.endsAt,
    ],
  );
  if (!row) throw new Error('inserting a contract returned no row');
  return row.id;
}

/** The rows shares are counted against: miners, their hardware workers, and virtual-mining contracts. */
export function workerRows(database: Database) {
  const query: Query = (text, params) => database.query(text, params);

  return {
    async miners(accountNames?: string[]): Promise<MinerRow[]> {
      const rows = await query<{ id: string; account_name: string; operator_id: string | null; pool_id: string }>(
        `select id, account_name, operator_id, pool_id from app.miners
         where deleted_at is null ${accountNames ? 'and account_name = any($1::text[])' : ''}`,
        accountNames ? [accountNames] : [],
      );
      return rows.map((row) => ({
        id: row.id,
        accountName: row.account_name,
        operatorId: row.operator_id,
        poolId: row.pool_id,
      }));
    },

    async workers(): Promise<WorkerRow[]> {
      const rows = await query<{
        id: number;
        miner_id: string;
        operator_id: string | null;
        pool_id: string;
        worker_name: string;
        first_share_at: Date | null;
        last_share_at: Date | null;
      }>(`select id, miner_id, operator_id, pool_id, worker_name, first_share_at, last_share_at
          from app.workers where behaviour = 'hardware'`);
      return rows.map((row) => ({
        id: row.id,
        minerId: row.miner_id,
        operatorId: row.operator_id,
        poolId: row.pool_id,
        workerName: row.worker_name,
        firstShareAt: millisOf(row.first_share_at),
        lastShareAt: millisOf(row.last_share_at),
      }));
    },

    ensureWorkers: (rows: NewWorker[]): Promise<Map<string, number>> => ensureWorkers(query, rows),
    addContract: (contract: ContractInput): Promise<string> => addContract(query, contract),
  };
}

export type WorkerRows = ReturnType<typeof workerRows>;
