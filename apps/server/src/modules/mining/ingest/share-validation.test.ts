import { describe, expect, it } from 'vitest';
import { validateShare } from './share-validation.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const limits = { poolName: 'Test pool', now, maxAge: 30 * 60_000, maxAhead: 60_000 };
const good = {
  pool: 'Test pool',
  account_name: 'alice_hash',
  worker_name: 'rig-01',
  difficulty: 65536,
  accepted: true,
  at: '2026-03-01T11:59:58.250Z',
};

describe('share validation', () => {
  it('accepts a well-formed share and keeps its time in milliseconds', () => {
    expect(validateShare(good, limits)).toEqual({
      accountName: 'alice_hash',
      workerName: 'rig-01',
      difficulty: 65536,
      accepted: true,
      at: Date.parse(good.at),
    });
  });

  it('names the rule a malformed share breaks', () => {
    const cases: [unknown, string][] = [
      ['text', 'not_an_object'],
      [{ ...good, pool: 'Other pool' }, 'unknown_pool'],
      [{ ...good, account_name: 'Alice!' }, 'invalid_account_name'],
      [{ ...good, worker_name: 'rig 01' }, 'invalid_worker_name'],
      [{ ...good, worker_name: 'a'.repeat(65) }, 'invalid_worker_name'],
      [{ ...good, difficulty: 0 }, 'invalid_difficulty'],
      [{ ...good, difficulty: '5' }, 'invalid_difficulty'],
      [{ ...good, accepted: 'yes' }, 'invalid_accepted'],
      [{ ...good, reject_reason: 7 }, 'invalid_reject_reason'],
      [{ ...good, at: 'yesterday' }, 'invalid_time'],
      [{ ...good, at: '2026-03-01T11:29:59Z' }, 'too_old'],
      [{ ...good, at: '2026-03-01T12:01:01Z' }, 'in_future'],
    ];
    for (const [event, reason] of cases) expect(validateShare(event, limits)).toBe(reason);
  });
});
