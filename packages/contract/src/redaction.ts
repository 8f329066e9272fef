/**
 * What error reports must never carry (spec 8, 9): bearer tokens, e-mail addresses, watcher tokens
 * and TOTP secrets. The web app and the server redact every message, breadcrumb and URL they
 * report with this one function.
 */

const rules: readonly (readonly [RegExp, string])[] = [
  // Authorization headers and their values, wherever they were logged.
  [/\b(bearer)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // A watcher's link (`/watch/{token}`), the API's `watchers/{token}`, and its header.
  [/(\/watch(?:ers)?\/)[A-Za-z0-9_-]{16,}/g, '$1[watcher-token]'],
  [/(x-watcher-token["']?\s*[:=]\s*["']?)[A-Za-z0-9_-]+/gi, '$1[watcher-token]'],
  // otpauth:// URLs and named secrets (`secret=`, `"totp_secret": "..."`), then any bare base32
  // run as long as a TOTP secret (16 or more of A-Z2-7).
  [/((?:totp_)?secret["']?\s*[:=]\s*["']?)[A-Za-z2-7=]+/gi, '$1[totp-secret]'],
  [/\b[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9])/g, '[totp-secret]'],
  // E-mail addresses, also URL-encoded (`%40`) as query strings carry them.
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[email]'],
];

export function redact(text: string): string {
  return rules.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/** Redacts every string in a JSON-like value (breadcrumb data, extra context), keeping its shape. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redact(value) as T;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, redactDeep(item, depth + 1)]),
  ) as T;
}
