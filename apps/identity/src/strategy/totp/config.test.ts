import { describe, expect, it } from 'vitest';
import type { Credential } from '../../identity/identity.ts';
import { CredentialConfigError } from '../credential-config.ts';
import { configOf } from './config.ts';
import { newTotpSecret, totpOf } from './totp.ts';

const identityId = '6f1c1f38-3a39-4c4e-9a0e-2d1b1f0c7a11';

const totpCredential = (config: Record<string, unknown>): Credential => ({
  id: '0b8e4f0e-6a7d-4d43-8f7e-5d9c1b7a0e22',
  identityId,
  type: 'totp',
  config,
  version: 0,
  identifiers: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe('the stored TOTP config', () => {
  it('decodes what TOTP settings saves, keeping fields it does not know', () => {
    const totpUrl = totpOf(newTotpSecret(), 'Pool', 'alice@pool.test').toString();
    expect(configOf(totpCredential({ totp_url: totpUrl, last_used_step: 42, note: 'kept' }))).toEqual({
      totp_url: totpUrl,
      last_used_step: 42,
      note: 'kept',
    });
    expect(configOf(totpCredential({ totp_url: totpUrl }))).toEqual({ totp_url: totpUrl });
  });

  it('refuses a config without its URL, naming the credential and identity but not the secret', () => {
    const broken = totpCredential({ totp_uri: 'otpauth://totp/Pool?secret=JBSWY3DPEHPK3PXP', last_used_step: 'x' });
    expect(() => configOf(broken)).toThrow(CredentialConfigError);
    expect(() => configOf(broken)).toThrow(
      `The totp credential of identity ${identityId} could not be decoded properly: totp_url:`,
    );
    expect(() => configOf(broken)).toThrow(/last_used_step:/);
    expect(() => configOf(broken)).not.toThrow(/JBSWY3DPEHPK3PXP/);
  });
});
