import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/** A fresh address for each journey, so journeys never share an account. */
export const newEmail = (label: string) => `${label}.${randomBytes(4).toString('hex')}@e2e.pool`;
export const strongPassword = 'Quartz-Ledger-7720';

export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** A code from the next 30-second window, so a test never reuses one the service has seen. */
export async function freshTotpCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}
