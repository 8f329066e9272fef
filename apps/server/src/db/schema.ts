import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PoolAddress, PoolSettings, StoredPageSettings } from '@pool/contract/pool-config';
import type { Language } from '@pool/contract/languages';
import type { AccountKind, Role } from '@pool/contract/accounts';
import type { Navigation } from '@pool/contract/identity';
import type { Section } from '@pool/contract/access';

/** The product's own tables; the identity service keeps its tables in the `identity` schema. */
export const app = pgSchema('app');

/** PostgreSQL's 64-bit transaction id, which drizzle has no column for. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const pools = app.table(
  'pools',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The pool the app is served for; exactly one row has it. */
    isCurrent: boolean().notNull().default(false),
    addresses: jsonb().$type<PoolAddress[]>().notNull(),
    settings: jsonb().$type<PoolSettings>().notNull(),
    pageSettings: jsonb().$type<StoredPageSettings>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pools_name_key').on(table.name),
    uniqueIndex('pools_current_key')
      .on(table.isCurrent)
      .where(sql`${table.isCurrent}`),
  ],
);

export const operators = app.table(
  'operators',
  {
    id: uuid().primaryKey().defaultRandom(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    operatorName: text().notNull(),
    /** Brand shown on /{operatorId}/auth; looked up by `operators/lookup-by-title/{title}`. */
    title: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operators_name_key').on(table.operatorName),
    uniqueIndex('operators_title_key').on(table.title),
  ],
);

export const miners = app.table(
  'miners',
  {
    id: uuid().primaryKey().defaultRandom(),
    poolId: uuid()
      .notNull()
      .references(() => pools.id),
    /** The operator that manages this miner as its customer, if any. */
    operatorId: uuid().references(() => operators.id),
    accountName: text().notNull(),
    title: text(),
    /** What the operator or pool staff noted about a customer when creating it (issue 16). */
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Deleted miners keep their row: payments and ledger entries still point at them. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('miners_account_name_key').on(table.accountName),
    index('miners_operator_idx').on(table.operatorId, table.accountName),
    check('miners_account_name_check', sql`${table.accountName} ~ '^[a-z0-9_]{3,32}$'`),
  ],
);

/**
 * A customer's figures for the customer list (issue 16), stored so that a list read joins one row
 * per customer: its hardware workers' summed current hashrates, rewritten by the mining engine
 * where it rewrites those (modules/customers/figures.ts), and its rewards' operator share and pool
 * part, summed by triggers on the reward breakdowns (migration 0015). A missing row is all zeros.
 */
export const customerFigures = app.table('customer_figures', {
  minerId: uuid()
    .primaryKey()
    .references(() => miners.id),
  hashRate15m: doublePrecision('hash_rate_15m').notNull().default(0),
  hashRate24h: doublePrecision('hash_rate_24h').notNull().default(0),
  operatorEarned: bigint({ mode: 'bigint' }).notNull().default(0n),
  poolEarned: bigint({ mode: 'bigint' }).notNull().default(0n),
});

/**
 * Which transactions changed what a scope's (a pool's, an operator's) customer list shows, one row
 * each, written by migration 0015's triggers; a list read reuses its rows while the scope's sum of
 * weights is unchanged (modules/customers/list-reads.ts).
 */
export const customerListChanges = app.table(
  'customer_list_changes',
  {
    scopeId: uuid().notNull(),
    tx: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    weight: bigint({ mode: 'bigint' }).notNull().default(1n),
  },
  (table) => [primaryKey({ name: 'customer_list_changes_pkey', columns: [table.scopeId, table.tx] })],
);

/** A person of the product; the id is their identity's id in the identity service. */
export const users = app.table(
  'users',
  {
    id: uuid().primaryKey(),
    email: text().notNull(),
    language: text().$type<Language>(),
    navigation: jsonb().$type<Navigation>().notNull().default({ bookmarks: [] }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_language_check', sql`${table.language} in ('en', 'ru', 'cn')`),
  ],
);

/** What a user may do on one account (spec 3 Permission, spec 6 roles). */
export const permissions = app.table(
  'permissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<AccountKind>().notNull(),
    /** miners.id, operators.id or pools.id by type; the platform's account is its pool. */
    accountId: uuid().notNull(),
    role: text().$type<Role>().notNull(),
    /** Spec 6: hides the operator's total fee from this user (an operator's customer, say). */
    totalFeeHide: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('permissions_user_account_key').on(table.userId, table.type, table.accountId),
    index('permissions_account_idx').on(table.type, table.accountId),
    check('permissions_type_check', sql`${table.type} in ('miner', 'pool', 'operator', 'platform')`),
    check(
      'permissions_role_check',
      sql`${table.role} in ('admin', 'treasurer', 'accountant', 'viewer', 'owner', 'manager')`,
    ),
  ],
);

/**
 * A read-only link to one miner's dashboard (spec 3 Watcher); deleting the row revokes it. Only a
 * SHA-256 hash of its token is kept: the answer to its creation is the one copy of the link.
 */
export const watchers = app.table(
  'watchers',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    name: text().notNull(),
    minerId: uuid()
      .notNull()
      .references(() => miners.id, { onDelete: 'cascade' }),
    access: jsonb().$type<Section[]>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watchers_token_hash_key').on(table.tokenHash),
    index('watchers_miner_idx').on(table.minerId),
  ],
);

/**
 * An invitation to act on an account with a role (spec 6 access control). Only a hash of its token
 * is kept: the link in the e-mail is the one copy that can accept it.
 */
export const invites = app.table(
  'invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    email: text().notNull(),
    accountType: text().$type<Exclude<AccountKind, 'platform'>>().notNull(),
    accountId: uuid().notNull(),
    role: text().$type<Role>().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The identity made for an invitee who had none, once they opened the link and agreed to the terms. */
    identityId: uuid(),
    /**
     * SHA-256 of the key the activating browser keeps in a cookie: only that browser may activate
     * again, to resume onboarding, and only while the identity has no credential.
     */
    activationKeyHash: text(),
    /** Issue 16: the permission this invitation grants hides the operator's total fee (spec 3 flag). */
    totalFeeHide: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invites_token_hash_key').on(table.tokenHash),
    index('invites_account_idx').on(table.accountType, table.accountId),
    check('invites_account_type_check', sql`${table.accountType} in ('miner', 'pool', 'operator')`),
  ],
);

/**
 * Mail the product sends; without SMTP_URL it stays here for an operator to read. Secrets in a
 * message (invitation links) are never stored: the body keeps a reference instead.
 */
export const outbox = app.table(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('outbox_created_idx').on(table.createdAt)],
);

/**
 * One-time seeds of this database (the demo pool). A row is written when seeding begins on an
 * empty database and completed when it finished; a seed never runs again once its row exists.
 */
export const seeds = app.table('seeds', {
  name: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp({ withTimezone: true }),
});

export const schema = { pools, operators, miners, users, permissions, watchers, invites, outbox, seeds };
export type AppSchema = typeof schema;
