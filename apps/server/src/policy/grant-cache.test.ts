import { describe, expect, it } from 'vitest';
import type { GrantRow } from '../modules/access/repository.ts';
import { accountAccess, grantCache } from './account-access.ts';
import { changesByHand } from '../../test/support/changes-by-hand.ts';

/** A repository whose stored grants the test edits, counting the lookups that reach it. */
function storedGrants(rows: GrantRow[]) {
  const store = { rows, lookups: 0, pending: undefined as undefined | (() => void) };
  const repository = {
    grantsOn: async () => {
      store.lookups += 1;
      const answer = store.rows.map((row) => ({ ...row }));
      if (store.pending) await new Promise<void>((resolve) => (store.pending = resolve));
      return answer;
    },
  };
  return { store, repository };
}

const person = '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d01';
const miner = { kind: 'miner', id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02' } as const;
const viewer: GrantRow = { via: 'miner', role: 'viewer', totalFeeHide: false };

describe('the grant cache', () => {
  it('asks the repository once per person and account until access changes', async () => {
    const { changes, change } = changesByHand();
    const { store, repository } = storedGrants([viewer]);
    const access = accountAccess(repository, grantCache(changes));
    expect((await access.grantOn(person, miner))?.role).toBe('viewer');
    expect((await access.grantOn(person, miner))?.role).toBe('viewer');
    expect(store.lookups).toBe(1);
    // Another account, or another person, is another entry.
    await access.grantOn(person, { kind: 'pool', id: miner.id });
    expect(store.lookups).toBe(2);

    store.rows = [];
    change();
    expect(await access.grantOn(person, miner)).toBeUndefined();
    expect(store.lookups).toBe(3);
  });

  it('remembers no answer that was read before a change arrived', async () => {
    const { changes, change } = changesByHand();
    const { store, repository } = storedGrants([viewer]);
    const access = accountAccess(repository, grantCache(changes));
    store.pending = () => {};
    const inFlight = access.grantOn(person, miner);
    await Promise.resolve();
    // The revocation commits and is heard while the lookup's answer is on its way.
    store.rows = [];
    change();
    const release = store.pending;
    store.pending = undefined;
    release?.();
    expect((await inFlight)?.role).toBe('viewer');
    expect(await access.grantOn(person, miner)).toBeUndefined();
  });

  it('asks the database every time while changes could be missed', async () => {
    const { changes, setLive } = changesByHand();
    const { store, repository } = storedGrants([viewer]);
    const access = accountAccess(repository, grantCache(changes));
    setLive(false);
    await access.grantOn(person, miner);
    await access.grantOn(person, miner);
    expect(store.lookups).toBe(2);
    setLive(true);
    await access.grantOn(person, miner);
    await access.grantOn(person, miner);
    expect(store.lookups).toBe(3);
  });

  it('hands out grants nobody can change in place', async () => {
    const { changes } = changesByHand();
    const { repository } = storedGrants([viewer]);
    const access = accountAccess(repository, grantCache(changes));
    const grants = await access.grantsOn(person, miner);
    expect(Object.isFrozen(grants)).toBe(true);
    expect(Object.isFrozen(grants[0])).toBe(true);
  });
});
