import { randomBytes } from 'node:crypto';
import type { Database } from '@pool/db/database';
import type { Role } from '@pool/contract/accounts';
import type {
  DeletionRequest,
  PoolUserAction,
  PoolUserActionEntry,
  PoolUserInvite,
  PoolUserListItem,
  PoolUserPermission,
} from '@pool/contract/pool-users';
import { hashToken } from '../access/repository.ts';

type AccountType = PoolUserPermission['account_type'];

/**
 * Every permission that reaches into the pool ($1): on the pool itself, its platform, its operators
 * and its miners that are not deleted, with the name of the account.
 */
const reach = `
  select p.id, p.user_id, p.type, p.account_id, p.role, p.created_at,
    coalesce(m.account_name, o.operator_name, pl.name) as account_name,
    case p.type when 'platform' then 0 when 'pool' then 1 when 'operator' then 2 else 3 end as rank
  from app.permissions p
  left join app.miners m on p.type = 'miner' and m.id = p.account_id and m.deleted_at is null
  left join app.operators o on p.type = 'operator' and o.id = p.account_id
  left join app.pools pl on p.type in ('pool', 'platform') and pl.id = p.account_id
  where coalesce(m.pool_id, o.pool_id, pl.id) = $1::uuid`;

/** A json column: parsed by PGlite and node-postgres alike, but text if a driver leaves it so. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const iso = (value: unknown): string => new Date(value as string).toISOString();

/** A LIKE pattern that finds the text anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

interface PermissionRow extends Record<string, unknown> {
  id: string;
  type: AccountType;
  account_id: string;
  account_name: string;
  role: Role;
  created_at: unknown;
}

/**
 * The pool's users as the product knows them (app.users with a permission reaching into the pool),
 * their invitations, what staff did to them and deletion requests. The identity service's own data
 * (e-mail verification, second factors, sessions) is never read nor written here.
 */
export function poolUserRepository(database: Database) {
  return {
    async list(
      poolId: string,
      query: { search?: string | undefined; page: number; per_page: number },
    ): Promise<{ items: PoolUserListItem[]; total: number }> {
      const search = query.search ? containing(query.search) : null;
      const where = `
        from app.users u
        where exists (select 1 from reach r where r.user_id = u.id)
          and ($2::text is null or lower(u.email) like $2
            or exists (select 1 from reach r where r.user_id = u.id and lower(r.account_name) like $2))`;
      const [count] = await database.query<{ total: number | string }>(
        `with reach as (${reach}) select count(*) as total ${where}`,
        [poolId, search],
      );
      const rows = await database.query<{
        id: string;
        email: string;
        created_at: unknown;
        accounts: { account_type: AccountType; account_name: string; role: Role }[] | string | null;
      }>(
        `with reach as (${reach})
         select u.id, u.email, u.created_at,
           (select json_agg(json_build_object('account_type', r.type, 'account_name', r.account_name, 'role', r.role)
              order by r.rank, r.account_name) from reach r where r.user_id = u.id) as accounts
         ${where}
         order by u.email, u.id
         limit $3 offset $4`,
        [poolId, search, query.per_page, (query.page - 1) * query.per_page],
      );
      return {
        total: Number(count?.total ?? 0),
        items: rows.map((row) => ({
          id: row.id,
          email: row.email,
          accounts: jsonOf(row.accounts) ?? [],
          created_at: iso(row.created_at),
        })),
      };
    },

    /** The user's roles on accounts of the pool, platform and pool first; empty when they have none there. */
    async permissions(poolId: string, userId: string): Promise<PoolUserPermission[]> {
      const rows = await database.query<PermissionRow>(
        `select * from (${reach}) r where r.user_id = $2::uuid order by r.rank, r.account_name`,
        [poolId, userId],
      );
      return rows.map((row) => ({
        id: row.id,
        account_type: row.type,
        account_id: row.account_id,
        account_name: row.account_name,
        role: row.role,
        created_at: iso(row.created_at),
      }));
    },

    async user(userId: string): Promise<{ id: string; email: string; createdAt: string } | undefined> {
      const [row] = await database.query<{ id: string; email: string; created_at: unknown }>(
        'select id, email, created_at from app.users where id = $1::uuid',
        [userId],
      );
      return row && { id: row.id, email: row.email, createdAt: iso(row.created_at) };
    },

    async deleteUser(userId: string): Promise<void> {
      await database.query('delete from app.users where id = $1::uuid', [userId]);
    },

    /** Invitations addressed to the e-mail, to accounts of the pool, newest first. */
    async invites(poolId: string, email: string, now: Date): Promise<PoolUserInvite[]> {
      const rows = await database.query<{
        id: string;
        account_type: PoolUserInvite['account_type'];
        account_id: string;
        account_name: string;
        role: Role;
        created_at: unknown;
        expires_at: unknown;
        accepted_at: unknown;
      }>(
        `select i.id, i.account_type, i.account_id, i.role, i.created_at, i.expires_at, i.accepted_at,
           coalesce(m.account_name, o.operator_name, pl.name) as account_name
         from app.invites i
         left join app.miners m on i.account_type = 'miner' and m.id = i.account_id and m.deleted_at is null
         left join app.operators o on i.account_type = 'operator' and o.id = i.account_id
         left join app.pools pl on i.account_type = 'pool' and pl.id = i.account_id
         where lower(i.email) = lower($2) and coalesce(m.pool_id, o.pool_id, pl.id) = $1::uuid
         order by i.created_at desc, i.id`,
        [poolId, email],
      );
      return rows.map((row) => {
        const expiresAt = new Date(row.expires_at as string);
        return {
          id: row.id,
          account_type: row.account_type,
          account_id: row.account_id,
          account_name: row.account_name,
          role: row.role,
          state: row.accepted_at ? 'accepted' : expiresAt <= now ? 'expired' : 'pending',
          created_at: iso(row.created_at),
          expires_at: expiresAt.toISOString(),
          accepted_at: row.accepted_at ? iso(row.accepted_at) : null,
        };
      });
    },

    /**
     * A new link for an invitation not accepted yet: a new token (the old link stops working), a
     * new expiry, and any browser may activate it again. Answers the token, which exists only in
     * the e-mail; undefined when the invitation was accepted meanwhile.
     */
    async renewInvite(inviteId: string, expiresAt: Date): Promise<string | undefined> {
      const token = randomBytes(32).toString('base64url');
      const rows = await database.query<{ id: string }>(
        `update app.invites set token_hash = $2, expires_at = $3, activation_key_hash = null
         where id = $1::uuid and accepted_at is null returning id`,
        [inviteId, hashToken(token), expiresAt.toISOString()],
      );
      return rows.length > 0 ? token : undefined;
    },

    async record(entry: {
      poolId: string;
      userId: string;
      actor: { userId: string; email: string };
      action: PoolUserAction;
      detail: Record<string, string | string[]>;
    }): Promise<void> {
      await database.query(
        `insert into app.pool_user_actions (pool_id, user_id, actor_id, actor_email, action, detail)
         values ($1, $2, $3, $4, $5, $6::jsonb)`,
        [entry.poolId, entry.userId, entry.actor.userId, entry.actor.email, entry.action, JSON.stringify(entry.detail)],
      );
    },

    async actions(poolId: string, userId: string): Promise<PoolUserActionEntry[]> {
      const rows = await database.query<{
        id: string;
        action: PoolUserAction;
        actor_email: string;
        detail: Record<string, string | string[]> | string;
        created_at: unknown;
      }>(
        `select id, action, actor_email, detail, created_at from app.pool_user_actions
         where pool_id = $1::uuid and user_id = $2::uuid order by created_at desc, id`,
        [poolId, userId],
      );
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        actor_email: row.actor_email,
        detail: jsonOf(row.detail),
        at: iso(row.created_at),
      }));
    },

    /** Stores the request once; a second one for the same user keeps the first. */
    async requestDeletion(input: {
      poolId: string;
      userId: string;
      email: string;
      actor: { userId: string; email: string };
    }): Promise<void> {
      await database.query(
        `insert into app.user_deletion_requests (user_id, pool_id, email, requested_by, requested_by_email)
         values ($1, $2, $3, $4, $5) on conflict (user_id) do nothing`,
        [input.userId, input.poolId, input.email, input.actor.userId, input.actor.email],
      );
    },

    async completeDeletion(userId: string): Promise<void> {
      await database.query(
        'update app.user_deletion_requests set completed_at = now() where user_id = $1::uuid and completed_at is null',
        [userId],
      );
    },

    async deletionRequest(poolId: string, userId: string): Promise<DeletionRequest | undefined> {
      const [row] = await database.query<{
        email: string;
        requested_by_email: string;
        requested_at: unknown;
        completed_at: unknown;
      }>(
        `select email, requested_by_email, requested_at, completed_at from app.user_deletion_requests
         where pool_id = $1::uuid and user_id = $2::uuid`,
        [poolId, userId],
      );
      return (
        row && {
          state: row.completed_at ? 'completed' : 'pending',
          email: row.email,
          requested_by_email: row.requested_by_email,
          requested_at: iso(row.requested_at),
          completed_at: row.completed_at ? iso(row.completed_at) : null,
        }
      );
    },
  };
}

export type PoolUserRepository = ReturnType<typeof poolUserRepository>;
