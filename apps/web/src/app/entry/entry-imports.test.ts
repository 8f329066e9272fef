// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSource = fileURLToPath(new URL('../..', import.meta.url));
const contractSource = fileURLToPath(new URL('../../../../../packages/contract/src', import.meta.url));

/** Static imports and re-exports that are evaluated at run time; `import type` and `import()` are not. */
const runtimeImport = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function fileOf(specifier: string, from: string): string | undefined {
  const path = specifier.startsWith('@/')
    ? resolve(webSource, specifier.slice(2))
    : specifier.startsWith('@pool/contract/')
      ? resolve(contractSource, specifier.slice('@pool/contract/'.length))
      : specifier.startsWith('.')
        ? resolve(dirname(from), specifier)
        : undefined;
  if (!path) return undefined;
  return [path, `${path}.ts`, `${path}.tsx`].find(
    (candidate) => /\.(ts|tsx)$/.test(candidate) && existsSync(candidate),
  );
}

/** The packages a chunk evaluates: everything its module reaches through static imports. */
function packagesReachedFrom(start: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [resolve(webSource, start)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(runtimeImport)) {
      if (specifier.endsWith('.css')) continue;
      const next = fileOf(specifier, file);
      if (next) pending.push(next);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/') && !specifier.startsWith('@pool/'))
        packages.add(specifier);
    }
  }
  return packages;
}

const entryPackages = () => packagesReachedFrom('main.tsx');

describe('the entry chunk (issue 18: JavaScript before the first screen)', () => {
  it('reaches the app shell, the router and the query client', () => {
    expect([...entryPackages()]).toEqual(expect.arrayContaining(['react-router', '@tanstack/react-query']));
  });

  it('holds no zod: every screen would download and evaluate 25 KB gzip more before its first paint', () => {
    const zod = [...entryPackages()].filter((name) => name === 'zod' || name.startsWith('zod/'));
    expect(zod).toEqual([]);
  });

  it('evaluates no Ory SDK anywhere: the app reads the identity service itself and borrows the SDK only for types', () => {
    const pages = readdirSync(resolve(webSource, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /-pages?\.tsx$/.test(file))
      .map((file) => `features/${file}`);
    expect(pages.length).toBeGreaterThan(30);
    for (const start of ['main.tsx', ...pages]) {
      expect(
        [...packagesReachedFrom(start)].filter((name) => name.startsWith('@ory/')),
        start,
      ).toEqual([]);
    }
  });

  it('leaves the sign-in and sign-up pages no zod at all: even its mini build was 14 KB gzip of sign-in', () => {
    for (const page of [
      'features/auth/pages/login-page.tsx',
      'features/auth/pages/operator-login-page.tsx',
      'features/auth/pages/registration-page.tsx',
    ]) {
      const zod = [...packagesReachedFrom(page)].filter((name) => name === 'zod' || name.startsWith('zod/'));
      expect(zod, page).toEqual([]);
    }
  });

  it('leaves no zod to the pages whose forms check by hand, nor to the top of /settings, whose forms load after its first paint', () => {
    for (const page of [
      'features/settings/settings-page.tsx',
      'features/customers/customers-page.tsx',
      'features/customers/create-customer-page.tsx',
      'features/customers/create-sub-page.tsx',
      'features/customers/customer-settings-page.tsx',
      'features/notifications/notifications-page.tsx',
    ]) {
      const packages = packagesReachedFrom(page);
      expect(
        [...packages].filter((name) => name === 'zod' || name.startsWith('zod/')),
        page,
      ).toEqual([]);
      expect(packages, page).not.toContain('react-hook-form');
    }
  });
});
