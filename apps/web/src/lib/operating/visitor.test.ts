import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { IdentityInfo } from '@pool/contract/identity';
import { identityQueryKey } from '@/lib/identity/get-identity.ts';
import { identityQueryRoot, visitorChannel, watchVisitor } from './visitor.ts';

const identity = (id: string): IdentityInfo => ({
  user: { id, email: 'alice@demo.pool', language: 'en' },
  permissions: [],
  credentials: { totp: false, lookup_secret: false, webauthn: false },
  verification: { messenger: 'b'.repeat(64) },
});

describe('the signed-in visitor', () => {
  it("watches the app's identity query", () => {
    expect(identityQueryKey).toEqual([identityQueryRoot]);
  });

  it('reaches listeners that come later, once per user', () => {
    const channel = visitorChannel();
    const early = vi.fn();
    channel.subscribe(early);
    channel.identify({ id: 'u-1', verification: {} });
    channel.identify({ id: 'u-1', verification: {} });
    const late = vi.fn();
    channel.subscribe(late);
    expect(early).toHaveBeenCalledOnce();
    expect(late).toHaveBeenCalledWith({ id: 'u-1', verification: {} });
  });

  it('follows the identity query: a user identifies, clearing the caches (sign-out) leaves', () => {
    const client = new QueryClient();
    const channel = visitorChannel();
    const left = vi.fn();
    channel.onLeave(left);
    const stop = watchVisitor(client, channel);
    client.setQueryData(identityQueryKey, identity('u-2'));
    expect(channel.current()).toEqual({ id: 'u-2', verification: { messenger: 'b'.repeat(64) } });
    client.clear();
    expect(channel.current()).toBeUndefined();
    expect(left).toHaveBeenCalledOnce();
    stop();
  });
});
