import { describe, expect, it } from 'vitest';
import { bitcoinNetworks, type BitcoinNetwork } from '@pool/contract/payout-codes';
import { payableAddress } from './address-validation.ts';

/** Valid addresses and the networks they belong to (BIP 13, BIP 173 and BIP 350 test vectors). */
const valid: [string, BitcoinNetwork[]][] = [
  // Base58: P2PKH and P2SH on mainnet; testnet's version bytes serve signet and regtest too.
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', ['mainnet']],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', ['mainnet']],
  ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', ['testnet', 'signet', 'regtest']],
  ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', ['testnet', 'signet', 'regtest']],
  // Bech32 witness v0: P2WPKH and P2WSH.
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', ['mainnet']],
  ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', ['mainnet']],
  ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', ['testnet', 'signet']],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', ['testnet', 'signet']],
  ['bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', ['regtest']],
  // Bech32m witness v1: P2TR.
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', ['mainnet']],
  ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', ['testnet', 'signet']],
  ['bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6', ['regtest']],
];

/** Addresses no network may be paid to, each with why. */
const invalid: [string, string][] = [
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'base58 checksum off by one character'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', 'base58 checksum off by one character'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum off by one character'],
  ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'unknown human-readable part'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'witness v1 with a bech32 (not bech32m) checksum'],
  ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'witness v2 with a bech32 checksum'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'witness v0 with a bech32m checksum'],
  ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'witness v0 with a bech32m checksum'],
  ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'character outside the bech32 alphabet'],
  ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'mixed case'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'non-zero padding'],
  ['bc1gmk9yu', 'no witness program'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'witness v2: valid bech32m, but no payout may go to a future version'],
  ['BC1SW50QGDZ25J', 'witness v16: valid bech32m, but a future version'],
  [
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'witness v1 of 40 bytes: not a taproot key',
  ],
  ['bc1pqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpqqenm', 'taproot key 0 is not a point on the curve'],
  ['', 'empty'],
  ['bitcoin:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'a payment URI, not an address'],
  [' 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'leading space (the contract trims before this)'],
];

describe('payout address validation', () => {
  it.each(valid)('accepts %s on %j and refuses it on every other network', (text, networks) => {
    for (const network of bitcoinNetworks) {
      expect(payableAddress(text, network) !== undefined, network).toBe(networks.includes(network));
    }
  });

  it.each(invalid)('refuses %s (%s) on every network', (text) => {
    for (const network of bitcoinNetworks) expect(payableAddress(text, network), network).toBeUndefined();
  });

  it('keeps a bech32 address in lower case, as BIP 173 reads an upper-case one', () => {
    expect(payableAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(payableAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet')).toBe('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2');
  });
});
