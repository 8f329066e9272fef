import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateClient } from './analytics-client.ts';
import { chooseConsent } from './consent.ts';
import { loadAnalytics, sdks, startAnalytics } from './start-analytics.ts';
import { visitors } from '@/lib/operating/visitor.ts';
import { recordActivity } from '@/lib/analytics/widgets.ts';

/** A stand-in SDK that records what the app asks of it. */
const calls: unknown[][] = [];
const createClient: CreateClient = (...args) => {
  calls.push(['create', ...args]);
  return {
    identify: (...call) => calls.push(['identify', ...call]),
    capture: (...call) => calls.push(['capture', ...call]),
    optIn: () => calls.push(['optIn']),
    optOut: () => calls.push(['optOut']),
  };
};

const settings = { key: 'phc_pool', host: 'https://analytics.example.net', require_consent: true };

beforeEach(() => {
  calls.length = 0;
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  delete window.productAnalytics;
  visitors.leave();
  vi.restoreAllMocks();
});

describe('product analytics', () => {
  it('loads the full SDK for a recorded session and the light one otherwise, and keeps to it for the tab', async () => {
    const recorded = vi.spyOn(sdks, 'recorded').mockResolvedValue({ createClient });
    const unrecorded = vi.spyOn(sdks, 'unrecorded').mockResolvedValue({ createClient });
    await loadAnalytics(settings, undefined, () => 0.9);
    await loadAnalytics(settings, undefined, () => 0.1);
    expect([recorded.mock.calls.length, unrecorded.mock.calls.length]).toEqual([0, 2]);
    window.sessionStorage.clear();
    const start = await loadAnalytics(settings, undefined, () => 0.1);
    expect([recorded.mock.calls.length, unrecorded.mock.calls.length]).toEqual([1, 2]);
    // Loading evaluates the SDK; starting it is a task of its own.
    expect(calls).toEqual([]);
    start();
    expect(calls[0]?.[0]).toBe('create');
  });

  it('starts opted out until consent where the pool requires it, and says which platform', () => {
    startAnalytics(createClient, settings);
    expect(calls[0]).toEqual(['create', settings, false, { platform: 'web' }]);
    chooseConsent('granted');
    expect(calls.at(-1)).toEqual(['optIn']);
    chooseConsent('denied');
    expect(calls.at(-1)).toEqual(['optOut']);
  });

  it('captures nothing under Do Not Track, whatever the visitor chose', () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    const ask = vi.fn();
    startAnalytics(createClient, settings, ask);
    Reflect.deleteProperty(navigator, 'doNotTrack');
    expect(calls[0]?.[2]).toBe(false);
    expect(ask).not.toHaveBeenCalled();
    chooseConsent('granted');
    expect(calls.at(-1)).toEqual(['optOut']);
  });

  it('asks for consent where the pool requires it, once, and opts in on a yes', () => {
    let grant: () => void = () => {};
    const ask = vi.fn((yes: () => void) => (grant = yes));
    startAnalytics(createClient, settings, ask);
    expect(ask).toHaveBeenCalledOnce();
    grant();
    expect(calls.at(-1)).toEqual(['optIn']);
    expect(window.localStorage.getItem('pool.analytics-consent')).toBe('granted');
    const askedAgain = vi.fn();
    startAnalytics(createClient, settings, askedAgain);
    expect(askedAgain).not.toHaveBeenCalled();
    expect(calls.filter((call) => call[0] === 'create').map((call) => call[2])).toEqual([false, true]);
  });

  it('asks nothing where the pool does not require consent', () => {
    const ask = vi.fn();
    startAnalytics(createClient, { ...settings, require_consent: false }, ask);
    expect(ask).not.toHaveBeenCalled();
    expect(calls[0]?.[2]).toBe(true);
  });

  it("identifies the signed-in visitor with 'User Site Visit', and records activities through the global", () => {
    visitors.identify({ id: 'u-1', verification: {} });
    startAnalytics(createClient, { ...settings, require_consent: false });
    expect(calls).toContainEqual(['identify', 'u-1', undefined]);
    expect(calls).toContainEqual(['capture', 'User Site Visit']);
    recordActivity('sign up');
    expect(calls.at(-1)).toEqual(['capture', 'sign up', undefined]);
  });
});
