import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from './payment-list-params.ts';

describe('the payments list in the address', () => {
  it('reads types in the filters’ order, once each, and drops what is not a type, direction, status or page', () => {
    const params = paramsFromSearch(
      new URLSearchParams('type=payout&type=reward&type=payout&type=bogus&direction=up&status=completed&page=-3'),
    );
    expect(params).toEqual({
      types: ['reward', 'payout'],
      direction: undefined,
      status: 'completed',
      page: 1,
      perPage: 20,
    });
  });

  it('writes back only what differs from the defaults', () => {
    const search = new URLSearchParams('type=transfer&direction=outgoing&page=3');
    expect(searchFromParams(paramsFromSearch(search)).toString()).toBe('type=transfer&direction=outgoing&page=3');
    expect(searchFromParams(paramsFromSearch(new URLSearchParams())).toString()).toBe('');
  });
});
