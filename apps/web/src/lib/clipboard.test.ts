import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { toastStore } from '@/components/toast/toast-store.ts';
import { copyToClipboard } from './clipboard.ts';

describe('copy to clipboard (spec 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the text and shows the Copied success toast', async () => {
    await i18next.init({ lng: 'en', resources: { en: { translation: { toasts: { copied: 'Copied' } } } } });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyToClipboard('stratum+tcp://pool:3333')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('stratum+tcp://pool:3333');
    expect(toastStore.list().at(-1)).toMatchObject({ type: 'success', title: 'Copied' });
  });

  it('shows an error toast when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    expect(await copyToClipboard('x')).toBe(false);
    expect(toastStore.list().at(-1)).toMatchObject({ type: 'error' });
  });
});
