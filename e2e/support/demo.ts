import { expect, type Page } from '@playwright/test';
import { freshTotpCode, signInWithPassword } from './people.ts';

/** The demo pool's people (apps/server/src/demo/people.ts), as the README lists them. */
export const demo = {
  password: 'Hashrate-2140',
  alice: { email: 'alice@demo.pool', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
  bob: { email: 'bob@demo.pool' },
  operator: { email: 'operator@demo.pool' },
};

/** TOTP codes the server has seen in this run: it refuses a code twice. */
const usedCodes = new Set<string>();

export async function signInAsAlice(page: Page): Promise<void> {
  await signInWithPassword(page, demo.alice.email, demo.password);
  await expect(page).toHaveURL(/aal=aal2/);
  await page.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, usedCodes));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function signInAs(page: Page, email: string): Promise<void> {
  await signInWithPassword(page, email, demo.password);
  await expect(page).toHaveURL(/\/$/);
}
