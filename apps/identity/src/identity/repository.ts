import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import {
  credentialIdentifiers,
  credentials,
  identities,
  recoveryAddresses,
  verifiableAddresses,
  type IdentitySchema,
} from '../db/schema.ts';
import type { Credential, CredentialType, Identity } from './identity.ts';
import { normaliseEmail } from './traits-schema.ts';

export class DuplicateIdentifierError extends Error {
  constructor() {
    super('an identity with this identifier exists already');
  }
}

/** PostgreSQL's unique_violation, whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs the write, answering a unique violation (an identifier taken already) as DuplicateIdentifierError. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIdentifierError();
    throw error;
  }
}

export interface NewIdentity {
  id?: string;
  traits: Record<string, unknown> & { email: string };
  /** Credentials to create with the identity, with their login identifiers. */
  credentials: { type: CredentialType; config: Record<string, unknown>; identifiers: string[] }[];
  verified?: boolean;
  metadataAdmin?: Record<string, unknown> | null;
  at: Date;
}

type Db = Drizzle<IdentitySchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Identities with their addresses, read in two queries whatever the number of rows. */
async function load(tx: Db | Tx, rows: (typeof identities.$inferSelect)[]): Promise<Identity[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [verifiable, recovery] = await Promise.all([
    tx.select().from(verifiableAddresses).where(inArray(verifiableAddresses.identityId, ids)),
    tx.select().from(recoveryAddresses).where(inArray(recoveryAddresses.identityId, ids)),
  ]);
  return rows.map((row) => ({
    ...row,
    verifiableAddresses: verifiable.filter((address) => address.identityId === row.id),
    recoveryAddresses: recovery.filter((address) => address.identityId === row.id),
  }));
}

async function writeAddresses(tx: Tx, identityId: string, email: string, verified: boolean, at: Date) {
  const value = normaliseEmail(email);
  await tx.insert(verifiableAddresses).values({
    identityId,
    via: 'email',
    value,
    verified,
    status: verified ? 'completed' : 'pending',
    verifiedAt: verified ? at : null,
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(recoveryAddresses).values({ identityId, via: 'email', value, createdAt: at, updatedAt: at });
}

async function insertCredential(
  tx: Tx,
  identityId: string,
  credential: NewIdentity['credentials'][number],
  at: Date,
): Promise<void> {
  const [row] = await tx
    .insert(credentials)
    .values({ identityId, type: credential.type, config: credential.config, createdAt: at, updatedAt: at })
    .returning({ id: credentials.id });
  if (!row) throw new Error('credential insert returned nothing');
  if (credential.identifiers.length) {
    await tx
      .insert(credentialIdentifiers)
      .values(
        credential.identifiers.map((identifier) => ({ credentialId: row.id, type: credential.type, identifier })),
      );
  }
}

export function identityRepository(db: Db) {
  return {
    create(input: NewIdentity): Promise<Identity> {
      return refusingDuplicates(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(identities)
            .values({
              ...(input.id ? { id: input.id } : {}),
              schemaId: 'default',
              traits: input.traits,
              metadataAdmin: input.metadataAdmin ?? null,
              stateChangedAt: input.at,
              createdAt: input.at,
              updatedAt: input.at,
            })
            .returning();
          if (!row) throw new Error('identity insert returned nothing');
          await writeAddresses(tx, row.id, input.traits.email, input.verified ?? false, input.at);
          for (const credential of input.credentials) await insertCredential(tx, row.id, credential, input.at);
          const [identity] = await load(tx, [row]);
          if (!identity) throw new Error('identity vanished');
          return identity;
        }),
      );
    },

    async findById(id: string): Promise<Identity | undefined> {
      const rows = await db.select().from(identities).where(eq(identities.id, id));
      return (await load(db, rows))[0];
    },

    async list(page: number, perPage: number): Promise<{ identities: Identity[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(identities)
          .orderBy(asc(identities.createdAt), asc(identities.id))
          .limit(perPage)
          .offset(page * perPage),
        db.select({ total: sql<number>`count(*)::int` }).from(identities),
      ]);
      return { identities: await load(db, rows), total: count[0]?.total ?? 0 };
    },

    /** The identity whose credential of that type has the (normalised) identifier. */
    async findByIdentifier(type: CredentialType, identifier: string): Promise<Credential | undefined> {
      const [row] = await db
        .select({ credential: credentials })
        .from(credentialIdentifiers)
        .innerJoin(credentials, eq(credentials.id, credentialIdentifiers.credentialId))
        .where(and(eq(credentialIdentifiers.type, type), eq(credentialIdentifiers.identifier, identifier)));
      return row ? { ...row.credential, identifiers: [identifier] } : undefined;
    },

    async credentials(identityId: string): Promise<Map<CredentialType, Credential>> {
      const rows = await db.select().from(credentials).where(eq(credentials.identityId, identityId));
      const identifiers = rows.length
        ? await db
            .select()
            .from(credentialIdentifiers)
            .where(
              inArray(
                credentialIdentifiers.credentialId,
                rows.map((row) => row.id),
              ),
            )
        : [];
      return new Map(
        rows.map((row) => [
          row.type,
          {
            ...row,
            identifiers: identifiers.filter((entry) => entry.credentialId === row.id).map((entry) => entry.identifier),
          },
        ]),
      );
    },

    async credentialTypes(identityId: string): Promise<CredentialType[]> {
      const rows = await db
        .select({ type: credentials.type })
        .from(credentials)
        .where(eq(credentials.identityId, identityId));
      return rows.map((row) => row.type);
    },

    /** Creates or replaces the identity's credential of that type. */
    async putCredential(
      identityId: string,
      type: CredentialType,
      config: Record<string, unknown>,
      at: Date,
      identifiers: string[] = [],
    ): Promise<void> {
      await refusingDuplicates(() =>
        db.transaction(async (tx) => {
          await tx.delete(credentials).where(and(eq(credentials.identityId, identityId), eq(credentials.type, type)));
          await insertCredential(tx, identityId, { type, config, identifiers }, at);
        }),
      );
    },

    /**
     * Saves a credential's config only if nobody changed it since it was read: one-time codes and
     * TOTP steps are consumed exactly once even when two requests race.
     */
    async updateCredentialConfig(
      credential: Pick<Credential, 'id' | 'version'>,
      config: Record<string, unknown>,
      at: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(credentials)
        .set({ config, version: credential.version + 1, updatedAt: at })
        .where(and(eq(credentials.id, credential.id), eq(credentials.version, credential.version)))
        .returning({ id: credentials.id });
      return updated.length === 1;
    },

    async deleteCredential(identityId: string, type: CredentialType): Promise<boolean> {
      const deleted = await db
        .delete(credentials)
        .where(and(eq(credentials.identityId, identityId), eq(credentials.type, type)))
        .returning({ id: credentials.id });
      return deleted.length > 0;
    },

    async delete(identityId: string): Promise<boolean> {
      const deleted = await db.delete(identities).where(eq(identities.id, identityId)).returning({ id: identities.id });
      return deleted.length > 0;
    },

    /** New traits; a changed e-mail moves the addresses (unverified again) and login identifiers. */
    async updateTraits(identity: Identity, traits: Record<string, unknown> & { email: string }, at: Date) {
      await refusingDuplicates(() =>
        db.transaction(async (tx) => {
          await tx.update(identities).set({ traits, updatedAt: at }).where(eq(identities.id, identity.id));
          const email = normaliseEmail(traits.email);
          if (identity.verifiableAddresses.some((address) => address.value === email)) return;
          await tx.delete(verifiableAddresses).where(eq(verifiableAddresses.identityId, identity.id));
          await tx.delete(recoveryAddresses).where(eq(recoveryAddresses.identityId, identity.id));
          await writeAddresses(tx, identity.id, email, false, at);
          const owned = tx
            .select({ id: credentials.id })
            .from(credentials)
            .where(eq(credentials.identityId, identity.id));
          await tx
            .update(credentialIdentifiers)
            .set({ identifier: email })
            .where(
              and(
                inArray(credentialIdentifiers.credentialId, owned),
                inArray(credentialIdentifiers.type, ['password', 'webauthn']),
              ),
            );
        }),
      );
    },

    async findRecoveryAddress(value: string) {
      const [row] = await db
        .select()
        .from(recoveryAddresses)
        .where(and(eq(recoveryAddresses.via, 'email'), eq(recoveryAddresses.value, normaliseEmail(value))));
      return row;
    },

    async findVerifiableAddress(value: string) {
      const [row] = await db
        .select()
        .from(verifiableAddresses)
        .where(and(eq(verifiableAddresses.via, 'email'), eq(verifiableAddresses.value, normaliseEmail(value))));
      return row;
    },

    async setAddressStatus(value: string, status: 'sent' | 'completed', at: Date): Promise<void> {
      await db
        .update(verifiableAddresses)
        .set(
          status === 'completed'
            ? { status, verified: true, verifiedAt: at, updatedAt: at }
            : {
                status: sql`case when ${verifiableAddresses.verified} then 'completed' else 'sent' end`,
                updatedAt: at,
              },
        )
        .where(and(eq(verifiableAddresses.via, 'email'), eq(verifiableAddresses.value, normaliseEmail(value))));
    },
  };
}

export type IdentityRepository = ReturnType<typeof identityRepository>;
