import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
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
  await page.getByRole('button', { name: 'Your menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Registers through the UI and names the miner account; leaves the person signed in on main. */
export async function register(page: Page, email: string, accountName: string): Promise<void> {
  await page.goto('/auth/registration');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByLabel(/I agree to the terms of use/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\/name$/);
  await page.getByLabel('Account name').fill(accountName);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export const accountNameOf = (email: string) =>
  email
    .split('@')[0]
    ?.replace(/[^a-z0-9]/g, '_')
    .slice(0, 32) ?? 'miner';

/** Sets up the authenticator app in settings from the setup code on the page; returns the secret. */
export async function setUpTotp(page: Page, used: Set<string>): Promise<string> {
  await page.goto('/settings');
  const secret = (await page.locator('[data-node="totp_secret_key"] code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  // The setup form is one section of a long page: opening settings does not scroll down to it.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.locator('[data-node="totp_secret_key"]').getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByLabel('Verify code').fill(await freshTotpCode(secret, used));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Your authenticator app is set up.')).toBeVisible();
  return secret;
}

/** A signed-in person with an authenticator app, who can pass the verification dialog. */
export interface VerifiedPerson {
  page: Page;
  /** Clicks a control whose change is critical, passing the verification dialog if it asks. */
  confirm: (control: Locator) => Promise<void>;
}

/** Signs in on `page` with the password and turns on two-factor, so that critical changes can pass. */
export async function signInWithSecondFactor(page: Page, email: string, password: string): Promise<VerifiedPerson> {
  await signInWithPassword(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\//);
  const used = new Set<string>();
  const secret = await setUpTotp(page, used);
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  return {
    page,
    confirm: async (control) => {
      await control.click();
      if (await dialog.isVisible({ timeout: 3_000 }).catch(() => false)) {
        await dialog.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
        await dialog.getByRole('button', { name: 'Verify' }).click();
        await expect(dialog).toBeHidden();
      }
    },
  };
}
