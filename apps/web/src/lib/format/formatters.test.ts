import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './formatters.ts';

describe('formatters', () => {
  it('makes one formatter per locale and options', () => {
    expect(numberFormat('en-US', { maximumFractionDigits: 2 })).toBe(
      numberFormat('en-US', { maximumFractionDigits: 2 }),
    );
    expect(dateTimeFormat('de-DE')).toBe(dateTimeFormat('de-DE', {}));
    expect(relativeTimeFormat('ru-RU', { numeric: 'auto' })).toBe(relativeTimeFormat('ru-RU', { numeric: 'auto' }));
  });

  it('never answers one locale or option with another one’s formatter', () => {
    expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
    expect(numberFormat('de-DE').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en-US', { maximumFractionDigits: 0 }).format(1234.5)).toBe('1,235');
    expect(dateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(0))).toBe('January');
    expect(dateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' }).format(new Date(0))).toBe('1970');
    expect(relativeTimeFormat('en-US', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
    expect(relativeTimeFormat('en-US').format(-1, 'day')).toBe('1 day ago');
  });
});
