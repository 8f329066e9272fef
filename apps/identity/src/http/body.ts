/**
 * A submitted body as Kratos reads it: JSON or a form, nested (`{"traits":{"email":…}}`) or with
 * dotted keys (`{"traits.email":…}`), which are merged into nesting. Form values stay strings.
 */
export type SubmittedBody = Record<string, unknown>;

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

export function normaliseBody(raw: unknown): SubmittedBody {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const result: SubmittedBody = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const path = key.split('.');
    if (path.some((segment) => forbiddenKeys.has(segment) || segment === '')) continue;
    let target: Record<string, unknown> = result;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    const last = path[path.length - 1] ?? key;
    const existing = target[last];
    if (isPlainObject(existing) && isPlainObject(value)) target[last] = { ...existing, ...value };
    else target[last] = value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(body: SubmittedBody, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** A boolean flag from JSON (`true`) or a form (`"true"`). */
export function flagField(body: SubmittedBody, name: string): boolean {
  const value = body[name];
  return value === true || value === 'true';
}

export function objectField(body: SubmittedBody, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  return isPlainObject(value) ? value : undefined;
}
