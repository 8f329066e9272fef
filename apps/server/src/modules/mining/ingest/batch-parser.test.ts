import { afterAll, describe, expect, it } from 'vitest';
import { batchParser } from './batch-parser.ts';
import type { CheckedShares } from './checked-shares.ts';
import { validateShare, type Share, type ValidationLimits } from './share-validation.ts';

const now = Date.parse('2026-11-26T04:00:00.000Z');
const limits: ValidationLimits = { poolName: 'Test pool', now, maxAge: 30 * 60_000, maxAhead: 60_000 };
const share = (overrides: Record<string, unknown> = {}) => ({
  pool: 'Test pool',
  account_name: 'alice_hash',
  worker_name: 'rig-1',
  difficulty: 65536,
  accepted: true,
  at: new Date(now - 1000).toISOString(),
  ...overrides,
});
const events = [
  share(),
  share({ pool: 'Other pool' }),
  share({ worker_name: 'rig-2', accepted: false, difficulty: 0.5 }),
  'not an event',
  share({ at: new Date(now - 60 * 60_000).toISOString() }),
  share({ account_name: 'bob_hash', at: new Date(now + 30_000).toISOString() }),
  share({ difficulty: -1 }),
];
const body = (value: unknown) => Buffer.from(JSON.stringify(value));

/** The columns back as one entry per event, in the order sent, as `validateShare` answers each. */
function perEvent(shares: CheckedShares | undefined): (Share | string)[] | undefined {
  if (!shares) return undefined;
  const events: (Share | string)[] = [];
  let share = 0;
  for (let index = 0; index < shares.events; index += 1) {
    const refused = shares.rejectedAt.indexOf(index);
    if (refused >= 0) events.push(shares.reasons[refused] as string);
    else {
      const names = shares.names[share] as CheckedShares['names'][number];
      events.push({
        accountName: names.accountName,
        workerName: names.workerName,
        difficulty: shares.difficulty[share] as number,
        accepted: shares.accepted[share] === 1,
        at: shares.at[share] as number,
      });
      share += 1;
    }
  }
  return events;
}

describe('the share batch parser threads', () => {
  const parser = batchParser({ threads: 2, maxEvents: 10 });
  afterAll(() => parser.close());

  it('answer each event as the intake checks it, in the order sent', async () => {
    const parsed = await parser.parse(body({ batch_id: 'b-1', events }), limits);
    expect(parsed?.batchId).toBe('b-1');
    expect(perEvent(parsed?.shares)).toEqual(events.map((event) => validateShare(event, limits)));
    expect(parsed?.shares.names).toHaveLength(3);
  });

  it('refuse a body that is no batch', async () => {
    expect(await parser.parse(Buffer.from('{"batch_id":"b-2","events":['), limits)).toBeUndefined();
    expect(await parser.parse(body({ events: [] }), limits)).toBeUndefined();
    expect(await parser.parse(body({ batch_id: '', events: [] }), limits)).toBeUndefined();
    expect(await parser.parse(body({ batch_id: 'x'.repeat(129), events: [] }), limits)).toBeUndefined();
    expect(await parser.parse(body({ batch_id: 'b-3', events: 'none' }), limits)).toBeUndefined();
    expect(
      await parser.parse(body({ batch_id: 'b-4', events: Array.from({ length: 11 }, () => share()) }), limits),
    ).toBeUndefined();
    expect(perEvent((await parser.parse(body({ batch_id: 'b-5', events: [] }), limits))?.shares)).toEqual([]);
  });

  it('parse batches side by side, each answered with its own events', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        parser.parse(body({ batch_id: `side-${n}`, events: [share({ worker_name: `rig-${n}` })] }), limits),
      ),
    );
    answers.forEach((answer, n) => {
      expect(answer?.batchId).toBe(`side-${n}`);
      expect(perEvent(answer?.shares)).toEqual([expect.objectContaining({ workerName: `rig-${n}` })]);
    });
  });
});
