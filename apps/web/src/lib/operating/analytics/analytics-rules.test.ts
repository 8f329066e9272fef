import { describe, expect, it } from 'vitest';
import {
  doNotTrack,
  mayCapture,
  platformOf,
  recordedOptions,
  redactEvent,
  sessionIdleTimeoutMs,
  sessionRecorded,
  sessionRecordingSample,
  siteVisitEvent,
  unrecordedOptions,
} from './analytics-rules.ts';

const settings = { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: false };

describe('product analytics rules (spec 9)', () => {
  it('records a quarter of sessions, and keeps the draw for the tab', () => {
    expect(sessionRecordingSample).toBe(0.25);
    const draw = (value: number) => sessionRecorded(undefined, () => value);
    expect([draw(0), draw(0.2499), draw(0.25), draw(0.9)]).toEqual([true, true, false, false]);

    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
    expect(sessionRecorded(storage, () => 0.1)).toBe(true);
    expect(sessionRecorded(storage, () => 0.9)).toBe(true);
    kept.clear();
    expect(sessionRecorded(storage, () => 0.9)).toBe(false);
    expect(sessionRecorded(storage, () => 0.1)).toBe(false);

    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(sessionRecorded(blocked, () => 0.1)).toBe(true);
  });

  it('ends a session after 1800000 ms idle, keeps its state in local storage and tracks page views, with either SDK', () => {
    expect(sessionIdleTimeoutMs).toBe(1_800_000);
    expect(recordedOptions(settings, true)).toMatchObject({
      api_host: 'https://analytics.example.net',
      session_idle_timeout_seconds: 1800,
      persistence: 'localStorage',
      capture_pageview: 'history_change',
      respect_dnt: true,
      opt_out_capturing_by_default: false,
    });
    expect(recordedOptions(settings, false).opt_out_capturing_by_default).toBe(true);
    expect(recordedOptions(settings, true).disable_session_recording).toBeUndefined();
    expect(unrecordedOptions(settings, true)).toMatchObject({
      host: 'https://analytics.example.net',
      sessionExpirationTimeSeconds: 1800,
      persistence: 'localStorage',
      captureHistoryEvents: true,
      defaultOptIn: true,
    });
    expect(unrecordedOptions(settings, false).defaultOptIn).toBe(false);
  });

  it('redacts watcher tokens and e-mail addresses from the page URLs either SDK sends', () => {
    const event = {
      event: '$pageview',
      properties: {
        $current_url: 'https://pool.example/watch/Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO/workers',
        $pathname: '/watch/Zq3_8vXk-2Lm9pQr4sTu7wYz1aBc5dEf6gHi0jKlMnO/workers',
        $referrer: 'https://pool.example/auth/login?email=bob@demo.pool',
        $screen_width: 390,
      },
    };
    expect(recordedOptions(settings, true).before_send).toBe(redactEvent);
    expect(unrecordedOptions(settings, true).before_send).toBe(redactEvent);
    expect(redactEvent(event)?.properties).toEqual({
      $current_url: 'https://pool.example/watch/[watcher-token]/workers',
      $pathname: '/watch/[watcher-token]/workers',
      $referrer: 'https://pool.example/auth/login?email=[email]',
      $screen_width: 390,
    });
    expect(redactEvent(null)).toBeNull();
  });

  it("tracks 'User Site Visit' on identify", () => {
    expect(siteVisitEvent).toBe('User Site Visit');
  });

  it("reports the standalone display mode as platform 'app', anything else as 'web'", () => {
    const media = (standalone: boolean) => (query: string) => ({
      matches: standalone && query === '(display-mode: standalone)',
    });
    expect(platformOf(media(true))).toBe('app');
    expect(platformOf(media(false))).toBe('web');
    expect(platformOf(undefined)).toBe('web');
  });

  it('reads Do Not Track from every place browsers put it', () => {
    expect(doNotTrack({ doNotTrack: '1' })).toBe(true);
    expect(doNotTrack({ doNotTrack: null, msDoNotTrack: '1' })).toBe(true);
    expect(doNotTrack({ doNotTrack: 'yes' })).toBe(true);
    expect(doNotTrack({ doNotTrack: '0' })).toBe(false);
    expect(doNotTrack({})).toBe(false);
  });

  it('captures nothing under Do Not Track, and only after consent where the pool requires it', () => {
    const required = { require_consent: true };
    const open = { require_consent: false };
    expect(mayCapture(open, undefined, false)).toBe(true);
    expect(mayCapture(open, 'denied', false)).toBe(false);
    expect(mayCapture(open, 'granted', true)).toBe(false);
    expect(mayCapture(required, undefined, false)).toBe(false);
    expect(mayCapture(required, 'denied', false)).toBe(false);
    expect(mayCapture(required, 'granted', false)).toBe(true);
    expect(mayCapture(required, 'granted', true)).toBe(false);
  });
});
