import { describe, expect, it, vi } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { ConfigError } from '@/lib/config/get-pool-config.ts';
import { ApiError } from '@/lib/api-client.ts';
import { recoverFromRouteError, type RecoveryDeps } from './recover.ts';

function deps(overrides: Partial<RecoveryDeps> = {}): RecoveryDeps {
  return {
    reloadConfig: vi.fn(async () => ({})),
    alreadyReloaded: () => false,
    markReloaded: vi.fn(),
    reloadPage: vi.fn(),
    ...overrides,
  };
}

describe('routing errors (spec 8)', () => {
  it('sends a 404 to the not-found page', async () => {
    const notFound = new ErrorResponseImpl(404, 'Not Found', null);
    expect(await recoverFromRouteError(notFound, deps())).toEqual({ kind: 'not-found' });
    expect(await recoverFromRouteError(new ApiError(404, 'not_found', 'Not found'), deps())).toEqual({
      kind: 'not-found',
    });
  });

  it('shows the configuration failure on the 500 page', async () => {
    expect(await recoverFromRouteError(new ConfigError('Empty configuration'), deps())).toEqual({
      kind: 'technical-issues',
      reason: 'Empty configuration',
    });
  });

  it('reloads the configuration, then the page, for any other error', async () => {
    const recovery = deps();
    expect(await recoverFromRouteError(new Error('boom'), recovery)).toEqual({ kind: 'reloading' });
    expect(recovery.reloadConfig).toHaveBeenCalledOnce();
    expect(recovery.markReloaded).toHaveBeenCalledOnce();
    expect(recovery.reloadPage).toHaveBeenCalledOnce();
  });

  it('goes to the 500 page when the reload did not help', async () => {
    const recovery = deps({ alreadyReloaded: () => true });
    expect(await recoverFromRouteError(new Error('boom'), recovery)).toEqual({ kind: 'technical-issues' });
    expect(recovery.reloadPage).not.toHaveBeenCalled();
  });

  it('goes to the 500 page when the configuration cannot be reloaded', async () => {
    const recovery = deps({
      reloadConfig: async () => {
        throw new ConfigError('Could not load configuration');
      },
    });
    expect(await recoverFromRouteError(new Error('boom'), recovery)).toEqual({
      kind: 'technical-issues',
      reason: 'Could not load configuration',
    });
    expect(recovery.reloadPage).not.toHaveBeenCalled();
  });
});
