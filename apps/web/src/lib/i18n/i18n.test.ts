import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from './i18n.ts';

describe('translations (spec 8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads the chosen language', async () => {
    const loaded = await loadTranslations('ru', async (language) => ({ language }));
    expect(loaded).toEqual({ language: 'ru', translations: { language: 'ru' } });
  });

  it('logs a failed fetch and falls back to en', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const loaded = await loadTranslations('cn', async (language) => {
      if (language === 'cn') throw new Error('offline');
      return { language };
    });
    expect(loaded).toEqual({ language: 'en', translations: { language: 'en' } });
    expect(log).toHaveBeenCalledOnce();
  });

  it('starts without texts when even en cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loaded = await loadTranslations('ru', async () => {
      throw new Error('offline');
    });
    expect(loaded).toEqual({ language: 'en', translations: undefined });
  });
});
