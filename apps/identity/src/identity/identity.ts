import { schemaUrl } from './traits-schema.ts';

/** Kept here, not beside the table, so the schema and the domain types import one way only. */
export type CredentialType = 'password' | 'totp' | 'lookup_secret' | 'webauthn';

export interface VerifiableAddress {
  id: string;
  value: string;
  verified: boolean;
  via: 'email';
  status: 'pending' | 'sent' | 'completed';
  verifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RecoveryAddress {
  id: string;
  value: string;
  via: 'email';
  createdAt: Date;
  updatedAt: Date;
}

export interface Identity {
  id: string;
  schemaId: string;
  state: 'active' | 'inactive';
  stateChangedAt: Date | null;
  traits: Record<string, unknown>;
  metadataPublic: Record<string, unknown> | null;
  metadataAdmin: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
  verifiableAddresses: VerifiableAddress[];
  recoveryAddresses: RecoveryAddress[];
}

export interface Credential<Config = Record<string, unknown>> {
  id: string;
  identityId: string;
  type: CredentialType;
  config: Config;
  version: number;
  identifiers: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** Second-factor credential types: having any of them makes aal2 the identity's highest level. */
export const secondFactorTypes: readonly CredentialType[] = ['totp', 'lookup_secret', 'webauthn'];

export function emailOf(identity: Identity): string {
  return typeof identity.traits.email === 'string' ? identity.traits.email : '';
}

/** The identity as public endpoints show it: never credentials nor admin metadata. */
export function publicIdentityJson(identity: Identity, publicBaseUrl: string): Record<string, unknown> {
  return {
    id: identity.id,
    schema_id: identity.schemaId,
    schema_url: schemaUrl(publicBaseUrl, identity.schemaId),
    state: identity.state,
    ...(identity.stateChangedAt ? { state_changed_at: identity.stateChangedAt.toISOString() } : {}),
    traits: identity.traits,
    verifiable_addresses: identity.verifiableAddresses.map((address) => ({
      id: address.id,
      value: address.value,
      verified: address.verified,
      via: address.via,
      status: address.status,
      ...(address.verifiedAt ? { verified_at: address.verifiedAt.toISOString() } : {}),
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    })),
    recovery_addresses: identity.recoveryAddresses.map((address) => ({
      id: address.id,
      value: address.value,
      via: address.via,
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    })),
    metadata_public: identity.metadataPublic,
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    organization_id: null,
  };
}
