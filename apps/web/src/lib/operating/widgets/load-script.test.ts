import { describe, expect, it } from 'vitest';
import { loadScript } from './load-script.ts';

describe('loadScript', () => {
  it('adds the script once, async, and resolves when it loaded', async () => {
    const loading = loadScript('https://chat.example.com/widget.js');
    const scripts = document.head.querySelectorAll('script[data-integration]');
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe('https://chat.example.com/widget.js');
    expect(script.async).toBe(true);
    script.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
    await expect(loadScript('https://chat.example.com/widget.js')).resolves.toBeUndefined();
    expect(document.head.querySelectorAll('script[data-integration]')).toHaveLength(1);
  });

  it('rejects when the script cannot load, naming only its origin', async () => {
    const loading = loadScript('https://blocked.example.com/w.js?key=secret');
    document.head.querySelector<HTMLScriptElement>('script[src*="blocked"]')?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('could not load https://blocked.example.com');
  });
});
