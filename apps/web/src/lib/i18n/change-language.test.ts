import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKeys } from '@/lib/storage.ts';
import { changeLanguage } from './change-language.ts';

/** Spec 4: the language is kept on the device, and saved to the server when the user's differs. */
describe('changeLanguage', () => {
  const calls: { url: string; method: string; body: unknown }[] = [];

  beforeEach(() => {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({
          url,
          method: init.method ?? 'GET',
          body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        });
        return new Response(null, { status: 204 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves a different language to the server, keeps it on the device and reloads', async () => {
    const reload = vi.fn();
    await changeLanguage('ru', { userLanguage: 'en', signedIn: true }, reload);
    expect(calls).toEqual([{ url: '/api/backend/v0.1/identity/language', method: 'PUT', body: { language: 'ru' } }]);
    expect(storage.get(storageKeys.language)).toBe('ru');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('saves when the user has no language yet', async () => {
    await changeLanguage('cn', { userLanguage: null, signedIn: true }, () => {});
    expect(calls.map((call) => call.body)).toEqual([{ language: 'cn' }]);
  });

  it('calls nothing when the saved language is the same, or nobody is signed in', async () => {
    const reload = vi.fn();
    await changeLanguage('ru', { userLanguage: 'ru', signedIn: true }, reload);
    await changeLanguage('cn', { userLanguage: undefined, signedIn: false }, reload);
    expect(calls).toEqual([]);
    expect(storage.get(storageKeys.language)).toBe('cn');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('still keeps the choice and reloads when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    await changeLanguage('en', { userLanguage: 'ru', signedIn: true }, reload);
    expect(storage.get(storageKeys.language)).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
