import { describe, expect, it } from 'vitest';
import type { RewardRunResult } from '@pool/contract/money';
import { moneyScheduler } from './scheduler.ts';

const credited = (day: string): RewardRunResult => ({ day, credited: 1, unallocated: 0, total: 10 });

describe('the money scheduler', () => {
  it('ticks at start, reports what each tick credited, and never runs two ticks at once', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const reported: string[] = [];
    const scheduler = moneyScheduler({
      interval: 0,
      catchUp: async () => {
        calls += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return [credited('2026-03-01'), credited('2026-03-02')];
      },
      onCredited: (result) => reported.push(result.day),
    });
    const first = scheduler.start();
    const overlapping = scheduler.tick();
    expect(calls).toBe(1);
    release();
    await Promise.all([first, overlapping]);
    expect(reported).toEqual(['2026-03-01', '2026-03-02']);
    await scheduler.stop();
  });

  it('reports a failed tick and goes on with the next', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const scheduler = moneyScheduler({
      interval: 0,
      catchUp: async () => {
        if (fail) throw new Error('database away');
        return [];
      },
      onError: (error) => errors.push(error),
    });
    await scheduler.start();
    expect(errors).toHaveLength(1);
    fail = false;
    await scheduler.tick();
    expect(errors).toHaveLength(1);
    await scheduler.stop();
  });
});
