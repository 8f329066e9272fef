import { describe, expect, it } from 'vitest';
import {
  analyticsOptions,
  doNotTrack,
  mayCapture,
  platformOf,
  sessionIdleTimeoutMs,
  sessionRecordingSample,
  siteVisitEvent,
} from './analytics-rules.ts';

const settings = { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: false };

describe('product analytics rules (spec 9)', () => {
  it('records a quarter of sessions', () => {
    expect(sessionRecordingSample).toBe(0.25);
    expect(analyticsOptions(settings, true, () => 0.2499).disable_session_recording).toBe(false);
    expect(analyticsOptions(settings, true, () => 0.25).disable_session_recording).toBe(true);
    expect(analyticsOptions(settings, true, () => 0.9).disable_session_recording).toBe(true);
  });

  it('ends a session after 1800000 ms idle, keeps its state in local storage and tracks page views', () => {
    expect(sessionIdleTimeoutMs).toBe(1_800_000);
    const options = analyticsOptions(settings, true, () => 0);
    expect(options).toMatchObject({
      api_host: 'https://analytics.example.net',
      session_idle_timeout_seconds: 1800,
      persistence: 'localStorage',
      capture_pageview: 'history_change',
      respect_dnt: true,
      opt_out_capturing_by_default: false,
    });
    expect(analyticsOptions(settings, false, () => 0).opt_out_capturing_by_default).toBe(true);
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
