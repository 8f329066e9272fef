/** Bitcoin amounts are integer satoshis everywhere (architecture note, "Data"). */
export type Satoshi = number;

export const satoshisPerBitcoin = 100_000_000;

/** "0.00012345 BTC": always eight decimals, so satoshis are never rounded away. */
export function formatBtc(amount: Satoshi, locale: string): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 8, maximumFractionDigits: 8 });
  return `${number.format(amount / satoshisPerBitcoin)} BTC`;
}
