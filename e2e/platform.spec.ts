import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { holdAnswers } from './support/held-answers.ts';
import { recordLayoutShifts, unseenShift } from './support/layout-shifts.ts';
import { appPort } from './support/environment.ts';
import { freshTotpCode, setUpTotp, signInWithPassword, totpCode } from './support/people.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The e2e server's privileged window (playwright.config.ts): past it, critical changes ask again. */
const privilegedWindowMs = 30_000;

const admin = 'admin@demo.pool';
/**
 * The demo admin has no second factor: the first journey of a server's run sets one up and keeps
 * its secret here, where the journeys of the other project (another worker) read it.
 */
const secretFile = `${process.env.TMPDIR ?? '/tmp'}/pool-e2e-admin-totp-${appPort}`;
let adminTotpSecret: string | undefined;
const usedCodes = new Set<string>();

/** Signs the admin in: with the second factor once it is set up, else sets it up now. */
async function signInAsAdmin(page: Page): Promise<void> {
  await signInWithPassword(page, admin, demo.password);
  await expect(page).toHaveURL(/aal=aal2|localhost:\d+\/(platform)?$/);
  if (page.url().includes('aal=aal2')) {
    if (!adminTotpSecret) {
      adminTotpSecret = (await readFile(secretFile, 'utf8')).trim();
      // A worker of its own (the other project, or one restarted after a failure) may not know which code
      // the last used: it waits for the next one, which no one has used.
      usedCodes.add(totpCode(adminTotpSecret));
    }
    await page.getByLabel('Authentication code').fill(await freshTotpCode(adminTotpSecret, usedCodes));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/auth\//);
  } else {
    adminTotpSecret = await setUpTotp(page, usedCodes);
    await writeFile(secretFile, adminTotpSecret);
  }
}

async function passVerificationDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Authentication code').fill(await freshTotpCode(adminTotpSecret ?? '', usedCodes));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('platform: reward rates and unallocated funds', () => {
  test('the rate in force and the sources land in the places kept for them: nothing on screen moves @mobile', async ({
    page,
  }) => {
    // Signing in may wait for the next 30-second code the other project's worker has not used.
    test.setTimeout(90_000);
    const layoutShift = await recordLayoutShifts(page);
    await signInAsAdmin(page);
    const rates = await holdAnswers(page, '**/api/backend/v0.1/platform/rewards/rates');
    const sources = await holdAnswers(page, '**/api/backend/v0.1/platform/rewards/rates/external-sources');
    await page.goto('/platform');
    const form = page.getByLabel('New rate, sat per TH/s per day');
    const history = page.getByRole('heading', { name: 'History', level: 2 });
    await expect(form).toBeVisible();
    await expect(page.locator('.current-rate-placeholder')).toBeVisible();
    const before = (await form.boundingBox())?.y;
    rates.answer();
    await expect(page.getByTestId('current-rate')).toBeVisible();
    expect((await form.boundingBox())?.y).toBeCloseTo(before ?? -1, 0);
    // The history under the sources waits for them: their list would push it down.
    await expect(history).toHaveCount(0);
    sources.answer();
    await expect(page.getByRole('listitem', { name: 'Manual' })).toBeVisible();
    await expect(history).toBeVisible();
    expect(await layoutShift()).toBeLessThan(unseenShift);
  });

  test('a platform admin sets the reward rate, confirming with the second factor @mobile', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    // Past the privileged window, so the change asks for the second factor again.
    await page.waitForTimeout(privilegedWindowMs + 1000);

    await page.goto('/platform');
    await expect(page.getByRole('heading', { name: 'Reward rates', level: 1 })).toBeVisible();
    // The demo's history: network hashprices, one of them in force.
    await expect(page.getByTestId('current-rate')).toHaveText(/^\d+(\.\d{1,3})? sat per TH\/s per day$/);
    await expect(page.getByRole('listitem', { name: 'Network (hashprice)' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Manual' })).toBeVisible();

    // A rate with four decimals is refused before any call.
    const field = page.getByLabel('New rate, sat per TH/s per day');
    await field.fill('47.1234');
    await page.getByRole('button', { name: 'Set as current rate' }).click();
    await expect(page.getByText('At most three decimals')).toBeVisible();

    await field.fill('47.125');
    await page.getByRole('button', { name: 'Set as current rate' }).click();
    await passVerificationDialog(page);
    // The refused PUT ran again by itself once the second factor passed.
    await expect(page.getByRole('status').filter({ hasText: 'Reward rate set' })).toBeVisible();
    await expect(page.getByTestId('current-rate')).toHaveText('47.125 sat per TH/s per day');
    const inForce = page.getByRole('row', { name: /in force/ });
    await expect(inForce).toContainText('47.125 sat per TH/s per day');
    await expect(inForce).toContainText('Manual');
    await expect(inForce).toContainText(admin);
    await expectAccessible(page);

    // The server holds it: the history from the API starts with it.
    const history = (await (await page.request.get('/api/backend/v0.1/platform/rewards/rates')).json()) as {
      current: { rate: number; source: string; set_by: string };
    };
    expect(history.current).toMatchObject({ rate: 47.125, source: 'manual', set_by: admin });
  });

  test('the funds held and their list land in the places kept for them: nothing on screen moves @mobile', async ({
    page,
  }) => {
    // Signing in may wait for the next 30-second code the other project's worker has not used.
    test.setTimeout(90_000);
    const layoutShift = await recordLayoutShifts(page);
    await signInAsAdmin(page);
    const funds = await holdAnswers(page, '**/api/backend/v0.1/platform/rewards/unallocated-funds**');
    await page.goto('/platform/unallocated');
    const list = page.getByRole('region', { name: 'Unallocated funds', exact: true });
    const topUp = page.getByRole('heading', { name: 'Virtual-mining top-up' });
    await expect(list).toBeVisible();
    // The top-up form under the list waits for it: the list's rows would push it down.
    await expect(topUp).toHaveCount(0);
    const before = (await list.boundingBox())?.y;
    funds.answer();
    await expect(page.locator('.stat .figure-value')).toHaveText(/BTC/);
    await expect(topUp).toBeVisible();
    expect((await list.boundingBox())?.y).toBeCloseTo(before ?? -1, 0);
    expect(await layoutShift()).toBeLessThan(unseenShift);
  });

  test('refunds an unallocated transaction to an account by name, once @mobile', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto('/platform/unallocated');
    // The demo's simulator sends shares for `davesolo`, a name no miner has.
    const row = page.getByRole('row', { name: /davesolo/ }).first();
    await expect(row).toBeVisible();
    const amount = (await row.locator('.record-amount').textContent())?.trim() ?? '';
    expect(amount).toMatch(/^0\.\d{8} BTC$/);

    await row.getByRole('button', { name: /^Refund davesolo/ }).click();
    const form = page.getByRole('form', { name: /^Refund davesolo/ });
    await form.getByLabel('To account name').fill('nobody_here');
    await form.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(form.getByText('Miner not found')).toBeVisible();

    await form.getByLabel('To account name').fill('alice_hash');
    await form.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: `${amount} refunded to alice_hash` })).toBeVisible();
    await page.getByLabel('Show').selectOption('true');
    await expect(page.getByRole('row', { name: /Refunded to alice_hash/ }).first()).toContainText(admin);

    // Refunded, it offers no second refund (the API's 409 for one is in money-api.test.ts).
    const refunded = page.getByRole('row', { name: /Refunded to alice_hash/ }).first();
    await expect(refunded.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  });
});

/** No accessibility rule broken on the screen as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}
