import * as ecc from '@bitcoinerlab/secp256k1';
import { address, initEccLib, networks, type Network } from 'bitcoinjs-lib';
import type { BitcoinNetwork } from '@pool/contract/payout-codes';

// A taproot address is only valid when its output key is a point on the curve, which bitcoinjs
// checks with the library it is given (an unspendable key would lose the payout).
initEccLib(ecc);

/** Signet addresses use testnet's prefixes (`tb1`, `m`/`n`, `2`): Bitcoin Core shares the params. */
const paramsOf: Record<BitcoinNetwork, Network> = {
  mainnet: networks.bitcoin,
  testnet: networks.testnet,
  signet: networks.testnet,
  regtest: networks.regtest,
};

/** The witness versions a payout may go to: 0 (P2WPKH, P2WSH) and 1 (P2TR). */
const highestPayableWitnessVersion = 1;

function witnessVersionOf(text: string): number | undefined {
  try {
    return address.fromBech32(text).version;
  } catch {
    return undefined;
  }
}

/**
 * The address the pool can pay to on its network, or undefined: base58 P2PKH or P2SH with the
 * network's version byte and a good checksum, bech32 P2WPKH or P2WSH, or bech32m P2TR (BIP 13, 173,
 * 350). bitcoinjs would also turn a future witness version (2 to 16) into a script; nothing may be
 * sent there until a soft fork gives it meaning, so those are refused. A bech32 address comes back
 * in lower case (BIP 173 allows all upper case, for QR codes), so one address is stored one way.
 */
export function payableAddress(text: string, network: BitcoinNetwork): string | undefined {
  const witnessVersion = witnessVersionOf(text);
  if (witnessVersion !== undefined && witnessVersion > highestPayableWitnessVersion) return undefined;
  try {
    address.toOutputScript(text, paramsOf[network]);
  } catch {
    return undefined;
  }
  return witnessVersion === undefined ? text : text.toLowerCase();
}
