import type {
  CreateCustomerBody,
  CreatedCustomer,
  CreateSubAccountBody,
  CustomerCurrentFee,
  CustomerDetail,
  CustomerFeeList,
  CustomerListQuery,
  CustomerPage,
  CustomerPaymentsPage,
  CustomerPaymentsQuery,
  CustomerRow,
  EarnedFromMiner,
} from '@pool/contract/customers';
import { customerNameMessages } from '@pool/contract/customer-codes';
import { errorMessages } from '@pool/contract/errors';
import type { Fee, PaymentsPage, PaymentsQuery } from '@pool/contract/money';
import { sectionAllowed } from '@pool/contract/access';
import type { Database } from '@pool/db/database';
import { HttpError } from '../../http/errors.ts';
import type { Grant } from '../../policy/account-access.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationMail } from '../access/invitation-mail.ts';
import type { AccessRepository } from '../access/repository.ts';
import { transaction, type Query } from '../mining/sql.ts';
import { feesOf } from '../money/fees/service.ts';
import { dayMs, dayOf, startOf } from '../money/rewards/reward-run.ts';
import { basisPointsOf, percentOf, type RewardTerms } from '../money/rewards/terms-repository.ts';
import { freshListReads } from './list-reads.ts';
import { customerRepository, type CustomerRecord, type CustomerScope } from './repository.ts';

export interface CustomerServiceOptions {
  database: Database;
  poolId: string;
  access: AccessRepository;
  mailer: Mailer;
  publicUrl: string;
  poolName: () => Promise<string>;
  terms: RewardTerms;
  clock: () => number;
  /** A miner's payments as the miner reads them (the money reads' `miners/{id}/payments`). */
  minerPayments: (minerId: string, query: PaymentsQuery) => Promise<PaymentsPage>;
  /** Tells every process's grant cache that permissions changed (sub-account owners, total_fee_hide). */
  accessChanged?: () => Promise<void>;
}

export interface Actor {
  userId: string;
  email: string;
}

/** Spec 6: an invitation link works for a week. */
const inviteLifespanMs = 7 * 24 * 60 * 60 * 1000;

const satoshis = (value: bigint) => Number(value);

const sorters: Record<CustomerListQuery['sort'], (a: CustomerRecord, b: CustomerRecord) => number> = {
  // Account names are lowercase latin letters, digits and underscores: code-unit order is their order.
  account_name: (a, b) => (a.accountName < b.accountName ? -1 : a.accountName > b.accountName ? 1 : 0),
  hash_rate: (a, b) => a.hashRate15m - b.hashRate15m,
  workers: (a, b) =>
    a.workers.stable +
    a.workers.unavailable +
    a.workers.off -
    (b.workers.stable + b.workers.unavailable + b.workers.off),
  fee: (a, b) => a.feeBp - b.feeBp,
  earned: (a, b) => (a.earned < b.earned ? -1 : a.earned > b.earned ? 1 : 0),
};

/** The figures a grant may see: mining ones with Workers, money ones with Payments. */
function rowOf(record: CustomerRecord, sees: { mining: boolean; money: boolean }): CustomerRow {
  return {
    id: record.id,
    account_name: record.accountName,
    title: record.title,
    comment: record.comment,
    created_at: record.createdAt.toISOString(),
    workers: sees.mining ? record.workers : null,
    hash_rate_15m: sees.mining ? record.hashRate15m : null,
    hash_rate_24h: sees.mining ? record.hashRate24h : null,
    fee_percent: sees.money ? percentOf(record.feeBp) : null,
    balance: sees.money ? satoshis(record.balance) : null,
    earned: sees.money ? satoshis(record.earned) : null,
  };
}

export function seesOf(grant: Grant | undefined): { mining: boolean; money: boolean } {
  if (!grant) return { mining: false, money: false };
  return { mining: sectionAllowed(grant.access, 'Workers'), money: sectionAllowed(grant.access, 'Payments') };
}

/** The customer area's rules (issue 16); the policy plugin has already admitted the caller on the scope. */
export function customerService(options: CustomerServiceOptions) {
  const { database, poolId, access, mailer, publicUrl, poolName, terms, clock, minerPayments } = options;
  const accessChanged = options.accessChanged ?? (async () => {});
  const query: Query = (text, params) => database.query(text, params);
  const repository = customerRepository(query);
  const today = () => dayOf(clock());
  const tomorrow = () => dayOf(startOf(today()) + dayMs);

  /** One read of every customer of a scope, its totals, and its orders, each sorted once when first asked. */
  const snapshotOf = (rows: CustomerRecord[]) => {
    const orders = new Map<string, CustomerRecord[]>();
    const sum = (pick: (row: CustomerRecord) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const sumSats = (pick: (row: CustomerRecord) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
    return {
      rows,
      workers: {
        stable: sum((row) => row.workers.stable),
        unavailable: sum((row) => row.workers.unavailable),
        off: sum((row) => row.workers.off),
        removed: sum((row) => row.workers.removed),
      },
      hashRate15m: sum((row) => row.hashRate15m),
      hashRate24h: sum((row) => row.hashRate24h),
      balance: sumSats((row) => row.balance),
      earned: sumSats((row) => row.earned),
      ordered(sort: CustomerListQuery['sort'], direction: 'asc' | 'desc'): CustomerRecord[] {
        const key = `${sort}/${direction}`;
        let order = orders.get(key);
        if (!order) {
          const sorter = sorters[sort];
          const sign = direction === 'desc' ? -1 : 1;
          order = [...rows].sort((a, b) => sign * (sorter(a, b) || sorters.account_name(a, b)));
          orders.set(key, order);
        }
        return order;
      },
    };
  };
  /** Every customer of a scope as of a moment after the call: stored rows while nothing changed. */
  const allRows = freshListReads(query, {
    day: today,
    read: async (scope, day) => snapshotOf(await repository.rows(scope, day, await terms.defaultFeeBp(poolId))),
  });

  /** The customer, when it belongs to the scope; a 404 otherwise (another operator's, another pool's). */
  async function customerOf(scope: CustomerScope, minerId: string) {
    const miner = await repository.minerOf(minerId);
    if (!miner) throw new HttpError('not_found');
    if (scope.kind === 'operator' ? miner.operatorId !== scope.id : miner.poolId !== scope.id) {
      throw new HttpError('not_found');
    }
    return miner;
  }

  async function invite(minerId: string, accountName: string, email: string, by: Actor, totalFeeHide: boolean) {
    const expiresAt = new Date(clock() + inviteLifespanMs);
    const { id, token } = await access.createInvite({
      email,
      account: { type: 'miner', id: minerId },
      role: 'owner',
      invitedBy: by.userId,
      expiresAt,
      totalFeeHide,
    });
    await mailer.send(
      invitationMail({
        to: email,
        poolName: await poolName(),
        accountName,
        role: 'owner',
        inviteId: id,
        link: `${publicUrl}/invitation?token=${token}`,
        expiresAt,
      }),
    );
  }

  const taken = () =>
    new HttpError('miner_already_exists', {
      fields: [{ field: 'account_name', text: errorMessages.miner_already_exists }],
    });

  async function insertMiner(miner: {
    operatorId: string | null;
    accountName: string;
    comment: string | null;
    fee?: { percentBp: number; comment: string | null; by: string };
  }): Promise<{ id: string }> {
    if (await repository.accountNameTaken(miner.accountName)) throw taken();
    try {
      return await transaction(database, async (tx) => {
        const writes = customerRepository(tx);
        const created = await writes.insertMiner({ poolId, ...miner });
        if (miner.fee) {
          // The first fee is in force from the day the customer is made: it has not mined before.
          const fee = { minerId: created.id, startsOn: today(), createdBy: miner.fee.by, ...miner.fee };
          if (miner.operatorId) await writes.addOperatorFee({ operatorId: miner.operatorId, ...fee });
          else await writes.addPoolFee(fee);
        }
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw taken();
      throw error;
    }
  }

  return {
    customerOf,

    async list(scope: CustomerScope, listQuery: CustomerListQuery, grant: Grant | undefined): Promise<CustomerPage> {
      const sees = seesOf(grant);
      const every = await allRows(scope);
      const search = listQuery.search?.toLowerCase();
      // Sorting by a figure the caller may not see would leak it: such a sort falls back to the name.
      const hidden =
        (!sees.mining && (listQuery.sort === 'hash_rate' || listQuery.sort === 'workers')) ||
        (!sees.money && (listQuery.sort === 'fee' || listQuery.sort === 'earned'));
      const ordered = every.ordered(hidden ? 'account_name' : listQuery.sort, listQuery.direction);
      const found = search ? ordered.filter((row) => row.accountName.includes(search)) : ordered;
      const from = (listQuery.page - 1) * listQuery.per_page;
      return {
        items: found.slice(from, from + listQuery.per_page).map((row) => rowOf(row, sees)),
        total: found.length,
        page: listQuery.page,
        per_page: listQuery.per_page,
        totals: {
          customers: every.rows.length,
          workers: sees.mining ? { ...every.workers } : null,
          hash_rate_15m: sees.mining ? every.hashRate15m : null,
          hash_rate_24h: sees.mining ? every.hashRate24h : null,
          balance: sees.money ? satoshis(every.balance) : null,
          earned: sees.money ? satoshis(every.earned) : null,
        },
      };
    },

    async detail(scope: CustomerScope, minerId: string, grant: Grant | undefined): Promise<CustomerDetail> {
      const miner = await customerOf(scope, minerId);
      const [record] = await repository.rows(scope, today(), await terms.defaultFeeBp(poolId), [minerId]);
      if (!record) throw new HttpError('not_found');
      return { ...rowOf(record, seesOf(grant)), operator_id: miner.operatorId };
    },

    async update(scope: CustomerScope, minerId: string, details: { title?: string | null; comment?: string | null }) {
      await customerOf(scope, minerId);
      await repository.setDetails(minerId, details);
    },

    /**
     * Creates a customer (spec 2 customer creation): a miner of the scope with its first fee, and an
     * invitation for its owner, mailed through the invitation flow; a person who already has an
     * identity gets the role on accept.
     */
    async create(
      scope: CustomerScope,
      body: CreateCustomerBody & { total_fee_hide?: boolean | undefined },
      by: Actor,
    ): Promise<CreatedCustomer> {
      const operatorId = scope.kind === 'operator' ? scope.id : null;
      const email = body.email.trim().toLowerCase();
      const created = await insertMiner({
        operatorId,
        accountName: body.account_name,
        comment: body.comment ? body.comment : null,
        fee: { percentBp: basisPointsOf(body.fee), comment: body.comment ? body.comment : null, by: by.userId },
      });
      await invite(created.id, body.account_name, email, by, body.total_fee_hide ?? false);
      return { id: created.id, account_name: body.account_name, operator_id: operatorId, invited: email };
    },

    /**
     * A sub-account (issue 16): a further miner of the same owners under the same operator, with the
     * parent's operator fee in force. Owners who have not accepted yet get an invitation of their own.
     */
    async createSubAccount(parentId: string, body: CreateSubAccountBody, by: Actor): Promise<CreatedCustomer> {
      const parent = await repository.minerOf(parentId);
      if (!parent) throw new HttpError('not_found');
      if (body.account_name.length === 0) {
        throw new HttpError('validation_failed', {
          fields: [{ field: 'account_name', text: customerNameMessages.pattern }],
        });
      }
      const owners = await repository.ownersOf(parentId);
      const pending =
        owners.length === 0 ? await repository.pendingOwnerInvite(parentId, new Date(clock())) : undefined;
      const inForce = parent.operatorId
        ? (await repository.operatorFees(parentId)).find((fee) => fee.startsOn <= today())
        : undefined;
      const created = await insertMiner({
        operatorId: parent.operatorId,
        accountName: body.account_name,
        comment: body.comment ? body.comment : null,
        fee: inForce ? { percentBp: inForce.percentBp, comment: inForce.comment, by: by.userId } : undefined,
      });
      await repository.grantOwners(created.id, owners);
      if (owners.length > 0) await accessChanged();
      if (pending) await invite(created.id, body.account_name, pending.email, by, pending.totalFeeHide);
      return {
        id: created.id,
        account_name: body.account_name,
        operator_id: parent.operatorId,
        invited: pending?.email ?? null,
      };
    },

    async fees(operatorId: string, minerId: string): Promise<CustomerFeeList> {
      await customerOf({ kind: 'operator', id: operatorId }, minerId);
      return { items: operatorFeesOf(await repository.operatorFees(minerId)) };
    },

    async currentFee(operatorId: string, minerId: string): Promise<CustomerCurrentFee> {
      await customerOf({ kind: 'operator', id: operatorId }, minerId);
      const day = today();
      const items = operatorFeesOf(await repository.operatorFees(minerId));
      const inForce = items.find((fee) => fee.start_date <= day) ?? null;
      const pool = await terms.feeInForce(minerId, day, poolId);
      return {
        percent: inForce ? inForce.percent : percentOf(pool.percentBp),
        start_date: inForce?.start_date ?? null,
        fee: inForce,
        pool_percent: percentOf(pool.percentBp),
      };
    },

    /** Spec 4: a new fee starts at 00:00 UTC the next day. */
    async addFee(
      operatorId: string,
      minerId: string,
      body: { percent: number; comment?: string | undefined },
      by: Actor,
    ): Promise<Fee> {
      await customerOf({ kind: 'operator', id: operatorId }, minerId);
      const id = await repository.addOperatorFee({
        operatorId,
        minerId,
        percentBp: basisPointsOf(body.percent),
        startsOn: tomorrow(),
        comment: body.comment ? body.comment : null,
        createdBy: by.userId,
      });
      const fee = operatorFeesOf(await repository.operatorFees(minerId)).find((entry) => entry.id === id);
      if (!fee) throw new Error('the fee just written was not found');
      return fee;
    },

    async earnedFromMiner(
      scope: CustomerScope,
      minerId: string,
      range: { from?: string | undefined; to?: string | undefined },
    ): Promise<EarnedFromMiner> {
      await customerOf(scope, minerId);
      const days = await repository.earnedByDay(scope, minerId, range.from ?? null, range.to ?? null);
      return {
        miner_id: minerId,
        amount: satoshis(days.reduce((sum, day) => sum + day.amount, 0n)),
        from: range.from ?? null,
        to: range.to ?? null,
        days: days.map((day) => ({ day: day.day, amount: satoshis(day.amount) })),
      };
    },

    /**
     * The customer's payments as the customer sees them, each reward with the operator's share read
     * from the operator's leg of the same transfer. An operator reads its own legs only; pool staff
     * read the leg of whichever operator the reward credited.
     */
    async payments(
      scope: CustomerScope,
      minerId: string,
      paymentsQuery: CustomerPaymentsQuery,
    ): Promise<CustomerPaymentsPage> {
      const miner = await customerOf(scope, minerId);
      const page = await minerPayments(minerId, paymentsQuery);
      const rewards = miner.operatorId
        ? page.items.filter((item) => item.type === 'reward').map((item) => item.id)
        : [];
      const legs = await repository.operatorLegs(rewards, scope.kind === 'operator' ? scope.id : null);
      const rewarded = new Set(rewards);
      return {
        ...page,
        items: page.items.map((item) => ({
          ...item,
          operator_share: rewarded.has(item.id) ? satoshis(legs.get(item.id) ?? 0n) : null,
        })),
      };
    },

    async people(scope: CustomerScope, minerId: string) {
      await customerOf(scope, minerId);
      return {
        items: (await repository.people(minerId)).map((person) => ({
          id: person.id,
          email: person.email,
          role: person.role,
          total_fee_hide: person.totalFeeHide,
        })),
      };
    },

    async setTotalFeeHide(scope: CustomerScope, minerId: string, permissionId: string, hide: boolean): Promise<void> {
      await customerOf(scope, minerId);
      if (!(await repository.setTotalFeeHide(minerId, permissionId, hide))) throw new HttpError('not_found');
      await accessChanged();
    },

    /** The operator fee schedule of a customer, for the customer's own fee views (null: it has none). */
    async customerFeeRows(minerId: string): Promise<Fee[] | null> {
      const miner = await repository.minerOf(minerId);
      if (!miner?.operatorId) return null;
      const rows = await repository.operatorFees(minerId);
      return rows.length > 0 ? operatorFeesOf(rows) : null;
    },
  };
}

function operatorFeesOf(rows: Awaited<ReturnType<ReturnType<typeof customerRepository>['operatorFees']>>): Fee[] {
  return feesOf(rows.map((row) => ({ ...row, createdBy: null })));
}

export type CustomerService = ReturnType<typeof customerService>;
