import { describe, expect, it } from 'vitest';
import type { Permission } from '@pool/contract/accounts';
import { flagsOf, roleAccessOf } from '@pool/contract/access-codes';
import { chooseActiveAccount, orderedPermissions } from './active-account.ts';

const flags = flagsOf(roleAccessOf('miner', 'owner'), false);
const miner: Permission = { id: 'm', account_id: 'a1', role: 'owner', flags, type: 'miner', account_name: 'alice' };
const pool: Permission = { id: 'p', account_id: 'a2', role: 'admin', flags, type: 'pool', pool_name: 'demo' };
const operator: Permission = { id: 'o', account_id: 'a3', role: 'admin', flags, type: 'operator', operator_name: 'n' };

describe('active account choice (spec 4)', () => {
  it('lets a watcher permission win', () => {
    expect(chooseActiveAccount({ permissions: [pool], watcher: miner, rememberedId: 'p' })).toBe(miner);
  });

  it('takes the remembered permission when it is still present', () => {
    expect(chooseActiveAccount({ permissions: [pool, operator, miner], rememberedId: 'm' })).toBe(miner);
  });

  it('orders pool, operator, miner otherwise', () => {
    expect(chooseActiveAccount({ permissions: [miner, operator, pool], rememberedId: 'gone' })).toBe(pool);
    expect(chooseActiveAccount({ permissions: [miner, operator] })).toBe(operator);
    expect(chooseActiveAccount({ permissions: [miner] })).toBe(miner);
  });

  it('lists the accounts for the switcher pool, operator, miner, keeping the order within a kind', () => {
    const second: Permission = { ...miner, id: 'm2', account_name: 'bob' };
    expect(orderedPermissions([miner, second, operator, pool]).map((entry) => entry.id)).toEqual(['p', 'o', 'm', 'm2']);
  });

  it('has no account without permissions', () => {
    expect(chooseActiveAccount({ permissions: [] })).toBeUndefined();
  });
});
