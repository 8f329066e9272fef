import { describe, expect, it } from 'vitest';
import type { Credential } from '../../identity/identity.ts';
import { CredentialConfigError } from '../credential-config.ts';
import { configOf } from './config.ts';

const identityId = '6f1c1f38-3a39-4c4e-9a0e-2d1b1f0c7a11';

const webauthnCredential = (config: Record<string, unknown>): Credential => ({
  id: '0b8e4f0e-6a7d-4d43-8f7e-5d9c1b7a0e22',
  identityId,
  type: 'webauthn',
  config,
  version: 0,
  identifiers: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

const key = {
  id: 'q83vEjRWeJA',
  public_key: 'pQECAyYgASFYIA',
  counter: 3,
  transports: ['usb', 'a-transport-of-tomorrow'],
  display_name: 'YubiKey',
  added_at: '2025-01-02T03:04:05.000Z',
  aaguid: '00000000-0000-0000-0000-000000000000',
  attestation_type: 'none',
};

describe('the stored security keys', () => {
  it('decodes what the WebAuthn settings save, transports the library does not know included', () => {
    const stored = { user_handle: 'dXNlci1oYW5kbGU', credentials: [key] };
    expect(configOf(webauthnCredential(stored))).toEqual(stored);
  });

  it('refuses a config whose key has no usable counter or whose user handle is missing', () => {
    const broken = webauthnCredential({ credentials: [{ ...key, counter: '3' }] });
    expect(() => configOf(broken)).toThrow(CredentialConfigError);
    expect(() => configOf(broken)).toThrow(
      `The webauthn credential of identity ${identityId} could not be decoded properly: credentials.0.counter:`,
    );
    expect(() => configOf(broken)).toThrow(/user_handle:/);
    expect(() => configOf(webauthnCredential({ user_handle: 'x', credentials: {} }))).toThrow(/credentials:/);
  });
});
