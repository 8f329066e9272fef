import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAuthIntent, recordAuthActivity } from './auth-activity.ts';

describe('sign-in versus sign-up activity (spec 4)', () => {
  afterEach(() => {
    delete window.emailMarketing;
    delete window.productAnalytics;
  });

  it('records the flag set before the flow once, on the first session event, then resets it', () => {
    const activity = vi.fn();
    const track = vi.fn();
    window.emailMarketing = { activity };
    window.productAnalytics = { track };
    markAuthIntent('sign up');
    expect(recordAuthActivity()).toBe('sign up');
    expect(activity).toHaveBeenCalledWith('sign up', undefined);
    expect(track).toHaveBeenCalledWith('sign up', undefined);
    expect(recordAuthActivity()).toBeUndefined();
    expect(activity).toHaveBeenCalledTimes(1);
  });

  it('records nothing for a session that no flow of this tab started', () => {
    expect(recordAuthActivity()).toBeUndefined();
  });

  it('works without any widget', () => {
    markAuthIntent('sign in');
    expect(recordAuthActivity()).toBe('sign in');
  });
});
