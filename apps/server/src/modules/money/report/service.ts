import { firstReportMonth, type MiningReportList, type MiningReportMonth } from '@pool/contract/money';
import type { MoneyReads } from '../reads/repository.ts';
import { satoshis } from '../reads/service.ts';

/** Months from January 2025 (spec 9) to the current one, newest first. */
export function reportMonths(now: number): string[] {
  const current = new Date(now).toISOString().slice(0, 7);
  const months: string[] = [];
  let [year, month] = firstReportMonth.split('-').map(Number) as [number, number];
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > current) break;
    months.push(label);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months.reverse();
}

function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The monthly mining report (spec 9): hashrate, days mined, gross, fees, net, payouts and the rates seen. */
export function miningReportService(reads: MoneyReads, clock: () => number) {
  async function totals(minerId: string) {
    const [breakdowns, payouts, rates] = await Promise.all([
      reads.monthlyBreakdowns(minerId),
      reads.monthlyPayouts(minerId),
      reads.monthlyRates(),
    ]);
    return (month: string) => {
      const mined = breakdowns.get(month);
      const rate = rates.get(month);
      return {
        month,
        hash_rate: mined?.hashRate ?? 0,
        days_mined: mined?.days ?? 0,
        gross: satoshis(mined?.gross ?? 0n),
        fees: satoshis(mined?.fee ?? 0n),
        net: satoshis(mined?.net ?? 0n),
        payouts: satoshis(payouts.get(month) ?? 0n),
        btc_usd: rate?.BTCUSDT ?? null,
        btc_rub: rate?.BTCRUB ?? null,
      };
    };
  }

  return {
    /** Whether a month may be asked for: from January 2025 to the current month. */
    isReportable(month: string): boolean {
      return month >= firstReportMonth && month <= new Date(clock()).toISOString().slice(0, 7);
    },

    async list(minerId: string): Promise<MiningReportList> {
      const of = await totals(minerId);
      return { items: reportMonths(clock()).map(of) };
    },

    async month(minerId: string, month: string): Promise<MiningReportMonth> {
      const of = await totals(minerId);
      const days = await reads.breakdowns(minerId, `${month}-01`, lastDayOf(month));
      return {
        ...of(month),
        days: days.map((day) => ({
          day: day.day,
          hash_rate: day.hashRate,
          gross: satoshis(day.gross),
          fee: satoshis(day.fee),
          net: satoshis(day.net),
        })),
      };
    },
  };
}
