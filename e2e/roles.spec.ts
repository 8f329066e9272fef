import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInWithPassword, strongPassword } from './support/people.ts';
import { peopleWithRolesOnAlice, type RoleHolder } from './support/roles.ts';

/** What the browser asked the product API for, and how it answered. */
function recordApi(page: Page) {
  const requested: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/backend/')) requested.push(new URL(request.url()).pathname);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/backend/') && response.status() >= 400) {
      failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  return { requested, failed };
}

/** Mining reads (the Workers section): hashrate charts, statistics, worker lists, their event stream. */
const miningRead = /\/(charts|stats|workers|events)(\/|$)/;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}

/** Spec 6: an accountant or treasurer of a miner sees its financial data only, and never an error. */
async function expectFinancialDashboard(page: Page, holder: RoleHolder): Promise<void> {
  const api = recordApi(page);
  await signInWithPassword(page, holder.email, strongPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Miner account alice_hash')).toBeVisible();
  const card = page.getByRole('region', { name: 'Financial data' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Your role on alice_hash is ${holder.role}`);
  await page.waitForLoadState('networkidle');

  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Hashrate chart of/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Statistics' })).toHaveCount(0);
  await expect(page.getByText('Connect your workers')).toHaveCount(0);
  // The screen never asked for what the role may not read, so nothing answered an error.
  expect(api.requested.filter((path) => miningRead.test(path))).toEqual([]);
  expect(api.failed).toEqual([]);

  const nav = page.getByRole('navigation', { name: 'Sections', exact: true });
  await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Workers' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()?.width);
  await expectNoAxeViolations(page);

  // Spec 5: a section the role lacks leads to main, which shows what it may see.
  await page.goto('/workers');
  await expect(page).toHaveURL(/\/$/);
  await expect(card).toBeVisible();
  expect(api.failed).toEqual([]);
}

test.describe('what each role of a miner account sees on the dashboard', () => {
  const holders = new Map<RoleHolder['role'], RoleHolder>();
  const holder = (role: RoleHolder['role']): RoleHolder => {
    const found = holders.get(role);
    if (!found) throw new Error(`no ${role} was set up`);
    return found;
  };

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(180_000);
    for (const person of await peopleWithRolesOnAlice(browser, ['accountant', 'treasurer', 'viewer'])) {
      holders.set(person.role, person);
    }
  });

  test('an accountant sees the financial-data card, no hashrate and no error @mobile', async ({ page }) => {
    await expectFinancialDashboard(page, holder('accountant'));
  });

  test('a treasurer sees the financial-data card, no hashrate and no error @mobile', async ({ page }) => {
    await expectFinancialDashboard(page, holder('treasurer'));
  });

  test('a viewer sees the hashrate and no financial link @mobile', async ({ page }) => {
    const api = recordApi(page);
    await signInWithPassword(page, holder('viewer').email, strongPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('img', { name: /Hashrate chart of/ })).toBeVisible();
    await expect(page.getByText('Current (15 min)')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Financial data' })).toHaveCount(0);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);

    const nav = page.getByRole('navigation', { name: 'Sections', exact: true });
    await expect(nav.getByRole('link', { name: 'Workers' })).toBeVisible();
    for (const financial of ['Payments', 'Transfers', 'Referrals', 'Profit sharing']) {
      await expect(nav.getByRole('link', { name: financial })).toHaveCount(0);
    }
    await nav.getByRole('link', { name: 'Workers' }).click();
    await expect(page.locator('tbody tr[data-worker]').first()).toBeVisible();
    expect(api.failed).toEqual([]);
  });
});
