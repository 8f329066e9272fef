import { describe, expect, it } from 'vitest';
import type { Credential } from '../../identity/identity.ts';
import { CredentialConfigError } from '../credential-config.ts';
import { findLookupCode, hashLookupCodes } from './codes.ts';
import { configOf } from './config.ts';

const identityId = '6f1c1f38-3a39-4c4e-9a0e-2d1b1f0c7a11';

const lookupCredential = (config: Record<string, unknown>): Credential => ({
  id: '0b8e4f0e-6a7d-4d43-8f7e-5d9c1b7a0e22',
  identityId,
  type: 'lookup_secret',
  config,
  version: 0,
  identifiers: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('the stored backup codes', () => {
  it('decodes what the lookup settings save, a used code included', async () => {
    const hashed = await hashLookupCodes(['abcd2345', 'efgh6789']);
    const stored = {
      ...hashed,
      codes: hashed.codes.map((code, index) => (index === 1 ? { ...code, used_at: '2025-01-02T03:04:05.000Z' } : code)),
    };
    const config = configOf(lookupCredential({ ...stored }));
    expect(config).toEqual(stored);
    expect(await findLookupCode(config, 'abcd2345')).toBe(0);
  });

  it('refuses a config whose codes are not a list of hashes', () => {
    const broken = lookupCredential({ salt: 'c2FsdA==', codes: [{ code: 'abcd2345', used_at: 17 }] });
    expect(() => configOf(broken)).toThrow(CredentialConfigError);
    expect(() => configOf(broken)).toThrow(
      `The lookup_secret credential of identity ${identityId} could not be decoded properly: codes.0.hash:`,
    );
    expect(() => configOf(broken)).toThrow(/codes\.0\.used_at:/);
    expect(() => configOf(lookupCredential({ codes: 'none' }))).toThrow(/salt:.*; codes:/);
  });
});
