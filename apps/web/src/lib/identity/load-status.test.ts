import { describe, expect, it } from 'vitest';
import type { IdentityInfo } from '@pool/contract/identity';
import { userInfoStatus } from './load-status.ts';

const identity = (permissions: number): IdentityInfo =>
  ({ permissions: Array.from({ length: permissions }, () => ({})) }) as unknown as IdentityInfo;

describe('user-info load (spec 4)', () => {
  it('goes from initial to pending on the first load, and is refreshing on later ones', () => {
    expect(userInfoStatus({ status: 'pending', fetchStatus: 'idle', data: undefined })).toBe('initial');
    expect(userInfoStatus({ status: 'pending', fetchStatus: 'fetching', data: undefined })).toBe('pending');
    expect(userInfoStatus({ status: 'success', fetchStatus: 'fetching', data: identity(1) })).toBe('refreshing');
  });

  it('ends in success or error', () => {
    expect(userInfoStatus({ status: 'success', fetchStatus: 'idle', data: identity(1) })).toBe('success');
    expect(userInfoStatus({ status: 'error', fetchStatus: 'idle', data: undefined })).toBe('error');
  });
});
