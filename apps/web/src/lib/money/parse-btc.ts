import { satoshisPerBitcoin } from '@pool/contract/money-codes';
import { maxSupplySatoshis } from '@pool/contract/payout-codes';
import { formMessage } from '@/lib/form-messages.ts';

const decimals = String(satoshisPerBitcoin).length - 1;

/**
 * A bitcoin amount as a person types it ("0.001", "0,5", "1") to whole satoshis, digit by digit:
 * a double would turn 0.29 BTC into 28999999 satoshis. Answers the message key of what is wrong
 * otherwise (not a number, more than eight decimals, above the supply).
 */
export function parseBtc(text: string): { satoshis: number } | { error: string } {
  const compact = text.trim().replace(/\s/g, '').replace(',', '.');
  if (compact === '') return { error: formMessage.required };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(compact) ?? /^()\.(\d+)$/.exec(compact);
  if (!match) return { error: formMessage.decimal };
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { error: 'payouts.atMostEightDecimals' };
  const satoshis = BigInt(whole) * BigInt(satoshisPerBitcoin) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (satoshis > BigInt(maxSupplySatoshis)) return { error: 'payouts.aboveSupply' };
  return { satoshis: Number(satoshis) };
}
