import { describe, expect, it } from 'vitest';
import { explorerTemplate, explorerUrl } from './explorer.ts';

const txid = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

describe('block explorer links', () => {
  it("link a payout's transaction to mempool.space of the pool's network, and to nothing on regtest", () => {
    expect(explorerUrl(explorerTemplate('mainnet', undefined), txid)).toBe(`https://mempool.space/tx/${txid}`);
    expect(explorerUrl(explorerTemplate('signet', undefined), txid)).toBe(`https://mempool.space/signet/tx/${txid}`);
    expect(explorerUrl(explorerTemplate('regtest', undefined), txid)).toBeNull();
  });

  it('follow the configured template, or none when it is off, and never link a payout without a txid', () => {
    const own = explorerTemplate('mainnet', 'https://blockstream.info/tx/{txid}');
    expect(explorerUrl(own, txid)).toBe(`https://blockstream.info/tx/${txid}`);
    expect(explorerUrl(explorerTemplate('mainnet', null), txid)).toBeNull();
    expect(explorerUrl(own, null)).toBeNull();
  });
});
