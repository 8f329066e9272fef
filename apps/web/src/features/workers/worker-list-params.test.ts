import { describe, expect, it } from 'vitest';
import { nextSort, paramsFromSearch, searchFromParams } from './worker-list-params.ts';

describe('worker list state in the address', () => {
  it('reads filters, sort, search and page, ignoring what is not one of them', () => {
    const params = paramsFromSearch(
      new URLSearchParams('status=stable&status=off&status=bogus&sort=hash_rate_1h&direction=desc&q=rig&page=3'),
    );
    expect(params).toEqual({
      status: ['stable', 'off'],
      sort: 'hash_rate_1h',
      direction: 'desc',
      search: 'rig',
      page: 3,
      perPage: 50,
    });
    expect(paramsFromSearch(new URLSearchParams('sort=price&page=-2'))).toMatchObject({ sort: 'worker_name', page: 1 });
  });

  it('writes the same state back, leaving defaults out', () => {
    const search = searchFromParams(paramsFromSearch(new URLSearchParams('status=unavailable&sort=reject_pct_15m')));
    expect(search.toString()).toBe('status=unavailable&sort=reject_pct_15m');
  });

  it('sorts by a new column (figures highest first) or turns the direction of the current one', () => {
    const byName = paramsFromSearch(new URLSearchParams());
    const byRate = nextSort(byName, 'hash_rate_24h');
    expect(byRate).toMatchObject({ sort: 'hash_rate_24h', direction: 'desc', page: 1 });
    expect(nextSort(byRate, 'hash_rate_24h')).toMatchObject({ direction: 'asc' });
    expect(nextSort(byName, 'worker_name')).toMatchObject({ direction: 'desc' });
  });
});
