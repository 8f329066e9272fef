import { describe, expect, it } from 'vitest';
import type { MiningReportMonth } from '@pool/contract/money';
import { btcDecimal, csvField, miningReportCsv, miningReportFileName } from './report-csv.ts';
import { chosenMonth, daysOf, reportMonths } from './months.ts';

const report: MiningReportMonth = {
  month: '2026-02',
  hash_rate: 150e12,
  days_mined: 2,
  gross: 2_100_000_000_000_001,
  fees: 9_009,
  net: 2_099_999_999_990_992,
  payouts: 100_000_000,
  btc_usd: 91_000.5,
  btc_rub: null,
  days: [
    { day: '2026-02-01', hash_rate: 100e12, gross: 5_460, fee: 49, net: 5_411 },
    { day: '2026-02-02', hash_rate: 200e12, gross: 1, fee: 0, net: 1 },
  ],
};

describe('the mining report CSV (RFC 4180, BTC with 8 decimals)', () => {
  it('writes a header, one row per day and the month total, each line ending in CRLF', () => {
    expect(miningReportCsv(report)).toBe(
      [
        'day,hash_rate_ths,gross_btc,fee_btc,net_btc,payouts_btc,btc_usd,btc_rub',
        '2026-02-01,100.000000,0.00005460,0.00000049,0.00005411,,,',
        '2026-02-02,200.000000,0.00000001,0.00000000,0.00000001,,,',
        'total 2026-02,150.000000,21000000.00000001,0.00009009,20999999.99990992,1.00000000,91000.5,',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps every satoshi up to all 21 million BTC and signs negatives', () => {
    expect(btcDecimal(2_100_000_000_000_001)).toBe('21000000.00000001');
    expect(btcDecimal(-150_000_000)).toBe('-1.50000000');
    expect(btcDecimal(0)).toBe('0.00000000');
  });

  it('quotes fields with commas, quotes or line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('names the file by account and month, in safe characters', () => {
    expect(miningReportFileName('alice_hash', '2026-02')).toBe('mining-report-alice_hash-2026-02.csv');
    expect(miningReportFileName('a/b c', '2026-02')).toBe('mining-report-a_b_c-2026-02.csv');
  });
});

describe('report months (spec 9: from January 2025)', () => {
  const now = Date.parse('2026-03-15T12:00:00Z');

  it('runs from the current month back to January 2025', () => {
    const months = reportMonths(now);
    expect(months[0]).toBe('2026-03');
    expect(months.at(-1)).toBe('2025-01');
    expect(months).toHaveLength(15);
    expect(reportMonths(Date.parse('2025-01-01T00:00:00Z'))).toEqual(['2025-01']);
  });

  it('takes the month in the address only when it is a report month', () => {
    expect(chosenMonth('2025-06', now)).toBe('2025-06');
    for (const bad of [null, '2024-12', '2026-04', '2025-13', '2025-6', 'x'])
      expect(chosenMonth(bad, now)).toBe('2026-03');
  });

  it("lists a month's days up to today", () => {
    expect(daysOf('2026-03', now)).toHaveLength(15);
    expect(daysOf('2024-02', now)).toHaveLength(29);
    expect(daysOf('2026-02', now).at(-1)).toBe('2026-02-28');
  });
});
