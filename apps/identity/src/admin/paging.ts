/** A non-negative integer query parameter, at most `max`; the fallback when absent or not a number. */
export function integerOf(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? Math.min(parsed, max) : fallback;
}
