import type { MiningReportMonth } from '@pool/contract/money';
import { hashesPerTerahash, satoshisPerBitcoin } from '@pool/contract/money-codes';

const perBitcoin = BigInt(satoshisPerBitcoin);

/** "0.00012345": BTC with 8 decimals and a dot, exact from the integer satoshis (spec 9). */
export function btcDecimal(satoshis: number): string {
  const value = BigInt(satoshis);
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${magnitude / perBitcoin}.${String(magnitude % perBitcoin).padStart(8, '0')}`;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const terahashes = (hashRate: number) => (hashRate / hashesPerTerahash).toFixed(6);

/**
 * The month's report as a CSV file (RFC 4180: CRLF line ends, a header row): one row per day mined
 * (UTC day, average hashrate in TH/s, gross, fee and net in BTC with 8 decimals), then the month's
 * total row with its payouts and the BTC/USD and BTC/RUB rates used.
 */
export function miningReportCsv(report: MiningReportMonth): string {
  const header = ['day', 'hash_rate_ths', 'gross_btc', 'fee_btc', 'net_btc', 'payouts_btc', 'btc_usd', 'btc_rub'];
  const rows = report.days.map((day) => [
    day.day,
    terahashes(day.hash_rate),
    btcDecimal(day.gross),
    btcDecimal(day.fee),
    btcDecimal(day.net),
    '',
    '',
    '',
  ]);
  const total = [
    `total ${report.month}`,
    terahashes(report.hash_rate),
    btcDecimal(report.gross),
    btcDecimal(report.fees),
    btcDecimal(report.net),
    btcDecimal(report.payouts),
    report.btc_usd === null ? '' : String(report.btc_usd),
    report.btc_rub === null ? '' : String(report.btc_rub),
  ];
  return [header, ...rows, total].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** `mining-report-<account>-<YYYY-MM>.csv`, the account name kept to safe file-name characters. */
export function miningReportFileName(accountName: string, month: string): string {
  return `mining-report-${accountName.replace(/[^A-Za-z0-9_.-]/g, '_')}-${month}.csv`;
}
