import { satoshisPerBitcoin, type Payment } from '@pool/contract/money';

/**
 * The payments export (spec 2 and 7): RFC 4180 CSV, CRLF line ends, a header row, amounts in BTC
 * with 8 decimals, times in UTC ISO 8601; the file name says whose, which period and when.
 */

export const csvColumns = [
  'id',
  'created_at_utc',
  'type',
  'direction',
  'status',
  'amount_btc',
  'counterparty',
  'reward_day',
  'hash_rate_hs',
  'rate_sat_per_ths_day',
  'gross_btc',
  'fee_percent',
  'fee_btc',
  'shared_btc',
  'net_btc',
] as const;

/** Integer satoshis as BTC with exactly 8 decimals, without floating point. */
export function btcOf(satoshis: number): string {
  const amount = BigInt(satoshis);
  const negative = amount < 0n;
  const magnitude = negative ? -amount : amount;
  const whole = magnitude / BigInt(satoshisPerBitcoin);
  const fraction = (magnitude % BigInt(satoshisPerBitcoin)).toString().padStart(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function paymentsCsv(payments: readonly Payment[]): string {
  const lines = [csvColumns.join(',')];
  for (const payment of payments) {
    const reward = payment.reward;
    const fields = [
      payment.id,
      payment.created_at,
      payment.type,
      payment.direction,
      payment.status,
      btcOf(payment.amount),
      payment.counterparty ?? '',
      reward?.day ?? '',
      reward ? String(reward.hash_rate) : '',
      reward ? String(reward.rate) : '',
      reward ? btcOf(reward.gross) : '',
      reward?.fee_percent != null ? String(reward.fee_percent) : '',
      reward?.fee != null ? btcOf(reward.fee) : '',
      reward ? btcOf(reward.shared) : '',
      reward ? btcOf(reward.net) : '',
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `payments-<account>-<days>d-<YYYY-MM-DD>.csv`, the day being today's in UTC. */
export function exportFileName(accountName: string, days: number, now: number): string {
  return `payments-${accountName}-${days}d-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
