import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from './warm-intl.ts';

afterEach(() => vi.unstubAllGlobals());

describe('warmIntl', () => {
  it("starts the warm-up thread from its own module, named for the page's locale", () => {
    const started: { url: string; options: WorkerOptions | undefined }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          started.push({ url: String(url), options });
        }
      },
    );
    warmIntl('ru-RU');
    expect(started).toHaveLength(1);
    expect(started[0]?.url).toMatch(/\/warm-intl\.worker\.ts(\?|$)/);
    expect(started[0]?.options).toEqual({ type: 'module', name: 'ru-RU' });
  });

  it('leaves the page as it was where the browser has no threads or refuses this one', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmIntl('en-US')).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the content security policy', 'SecurityError');
        }
      },
    );
    expect(() => warmIntl('en-US')).not.toThrow();
  });
});
