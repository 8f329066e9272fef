import { firstReportMonth } from '@pool/contract/money-codes';

/** A month as `YYYY-MM`. */
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC month of a moment, `YYYY-MM`. */
export const monthOf = (at: number | Date): string => new Date(at).toISOString().slice(0, 7);

/** Spec 9: every report month from January 2025 to the current UTC month, newest first. */
export function reportMonths(now: number | Date): string[] {
  const current = monthOf(now);
  const months: string[] = [];
  let [year, month] = firstReportMonth.split('-').map(Number) as [number, number];
  for (let label = firstReportMonth; label <= current;) {
    months.push(label);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    label = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months.reverse();
}

/** The month asked for in the address when it is a report month, else the current one. */
export function chosenMonth(asked: string | null, now: number | Date): string {
  const current = monthOf(now);
  return asked && monthPattern.test(asked) && asked >= firstReportMonth && asked <= current ? asked : current;
}

/** Every day of a month up to `now` (UTC), `YYYY-MM-DD`, oldest first. */
export function daysOf(month: string, now: number | Date): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const today = new Date(now).toISOString().slice(0, 10);
  const days: string[] = [];
  for (let day = 1; day <= last; day += 1) {
    const label = `${month}-${String(day).padStart(2, '0')}`;
    if (label > today) break;
    days.push(label);
  }
  return days;
}
