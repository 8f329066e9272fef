import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CredentialType } from '../identity/identity.ts';
import type { AuthenticationMethod, AuthenticatorAssuranceLevel } from '../session/session.ts';
import type { UiContainer } from '../ui/container.ts';
import type { HerodotError } from '../http/errors.ts';

/** The identity service's own tables; the product keeps its tables in the `app` schema. */
export const identitySchema = pgSchema('identity');

const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const identities = identitySchema.table('identities', {
  id: uuid().primaryKey().defaultRandom(),
  schemaId: text().notNull(),
  state: text().$type<'active' | 'inactive'>().notNull().default('active'),
  stateChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
  traits: jsonb().$type<Record<string, unknown>>().notNull(),
  metadataPublic: jsonb().$type<Record<string, unknown> | null>(),
  metadataAdmin: jsonb().$type<Record<string, unknown> | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per credential type of an identity; `version` guards concurrent updates of `config`. */
export const credentials = identitySchema.table(
  'credentials',
  {
    id: uuid().primaryKey().defaultRandom(),
    identityId: uuid()
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    type: text().$type<CredentialType>().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    version: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('credentials_identity_type_key').on(table.identityId, table.type)],
);

/** Login identifiers, normalised (trimmed, lower case); unique per credential type. */
export const credentialIdentifiers = identitySchema.table(
  'credential_identifiers',
  {
    id: uuid().primaryKey().defaultRandom(),
    credentialId: uuid()
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    type: text().$type<CredentialType>().notNull(),
    identifier: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('credential_identifiers_type_identifier_key').on(table.type, table.identifier)],
);

export const verifiableAddresses = identitySchema.table(
  'verifiable_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    identityId: uuid()
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    via: text().$type<'email'>().notNull(),
    value: text().notNull(),
    verified: boolean().notNull().default(false),
    status: text().$type<'pending' | 'sent' | 'completed'>().notNull().default('pending'),
    verifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('verifiable_addresses_via_value_key').on(table.via, table.value)],
);

export const recoveryAddresses = identitySchema.table(
  'recovery_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    identityId: uuid()
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    via: text().$type<'email'>().notNull(),
    value: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('recovery_addresses_via_value_key').on(table.via, table.value)],
);

/** Sessions are found by the SHA-256 of their token, so a leaked table does not leak sessions. */
export const sessions = identitySchema.table(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    identityId: uuid()
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    logoutToken: text().notNull(),
    active: boolean().notNull().default(true),
    aal: text().$type<AuthenticatorAssuranceLevel>().notNull(),
    authenticationMethods: jsonb().$type<AuthenticationMethod[]>().notNull(),
    authenticatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    uniqueIndex('sessions_logout_token_key').on(table.logoutToken),
    index('sessions_identity_idx').on(table.identityId),
  ],
);

export const sessionDevices = identitySchema.table(
  'session_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    ipAddress: text(),
    userAgent: text(),
    location: text(),
    createdAt: createdAt(),
  },
  (table) => [index('session_devices_session_idx').on(table.sessionId)],
);

export type FlowKind = 'login' | 'registration' | 'settings' | 'recovery' | 'verification';

/**
 * Every self-service flow, of every kind, as Kratos keeps them: the rendered UI is stored with the
 * flow (messages included) so that fetching a flow by id shows what the last submit produced.
 * `internal` holds what must never reach the browser (enrolment secrets, WebAuthn challenges).
 */
export const flows = identitySchema.table(
  'flows',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<FlowKind>().notNull(),
    type: text().$type<'browser' | 'api'>().notNull(),
    state: text().notNull(),
    identityId: uuid().references(() => identities.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    requestUrl: text().notNull(),
    returnTo: text(),
    active: text(),
    refresh: boolean().notNull().default(false),
    requestedAal: text().$type<AuthenticatorAssuranceLevel>().notNull().default('aal1'),
    ui: jsonb().$type<UiContainer>().notNull(),
    internal: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    transientPayload: jsonb().$type<Record<string, unknown> | null>(),
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('flows_expires_idx').on(table.expiresAt)],
);

/** Errors shown by the error UI (`GET /self-service/errors?id=`). */
export const flowErrors = identitySchema.table('flow_errors', {
  id: uuid().primaryKey().defaultRandom(),
  error: jsonb().$type<HerodotError>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** E-mailed one-time codes of recovery and verification, kept as SHA-256 of flow id and code. */
export const oneTimeCodes = identitySchema.table(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<'recovery' | 'verification'>().notNull(),
    flowId: uuid()
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    identityId: uuid()
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    codeHash: text().notNull(),
    /** Invitations made by staff (admin API) as opposed to a person's own request. */
    issuedBy: text().$type<'self_service' | 'admin'>().notNull().default('self_service'),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Guesses compared with this code; counted in the same statement that allows the comparison. */
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_codes_flow_idx').on(table.flowId)],
);

/** The courier's outbox: every message, sent by SMTP when configured, otherwise read by an operator. */
export const courierMessages = identitySchema.table(
  'courier_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().$type<'email'>().notNull().default('email'),
    status: text().$type<'queued' | 'sent' | 'abandoned'>().notNull().default('queued'),
    templateType: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    sendCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('courier_messages_status_idx').on(table.status, table.createdAt)],
);

export const schema = {
  identities,
  credentials,
  credentialIdentifiers,
  verifiableAddresses,
  recoveryAddresses,
  sessions,
  sessionDevices,
  flows,
  flowErrors,
  oneTimeCodes,
  courierMessages,
};
export type IdentitySchema = typeof schema;
