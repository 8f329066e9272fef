import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, installStepUp, queryString } from './api-client.ts';

const refusal = () =>
  new Response(
    JSON.stringify({
      error: { code: 'additional_authentication_required', message: 'Additional authentication required' },
    }),
    { status: 403, headers: { 'content-type': 'application/json' } },
  );

describe('product API client', () => {
  afterEach(() => {
    installStepUp(undefined);
    vi.unstubAllGlobals();
  });

  it('repeats array query values (spec 7)', () => {
    expect(queryString({ status: ['stable', 'off'], page: 2, name: undefined })).toBe(
      '?status=stable&status=off&page=2',
    );
  });

  it('retries a call refused for additional authentication once the dialog is passed', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const dialog = vi.fn(async () => true);
    installStepUp(dialog);
    await api('/identity/abc', { method: 'DELETE' });
    expect(dialog).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails with the refusal when the dialog is declined, without calling again', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(refusal());
    vi.stubGlobal('fetch', fetch);
    installStepUp(async () => false);
    const failure = await api('/identity/abc', { method: 'DELETE' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('additional_authentication_required');
    expect(fetch).toHaveBeenCalledOnce();
  });
});
