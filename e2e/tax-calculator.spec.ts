import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/demo.ts';

/**
 * Spec 9 brackets, hand-computed to the kopeck at each edge (and a kopeck past it): the income
 * typed, then the tax of each bracket and the total as the screen writes them in English.
 */
const edges: { income: string; brackets: string[]; total: string }[] = [
  { income: '200000', brackets: ['26,000.00', '0.00', '0.00', '0.00', '0.00'], total: '26,000.00' },
  { income: '200000.04', brackets: ['26,000.00', '0.01', '0.00', '0.00', '0.00'], total: '26,000.01' },
  { income: '416700', brackets: ['26,000.00', '32,505.00', '0.00', '0.00', '0.00'], total: '58,505.00' },
  { income: '416700.10', brackets: ['26,000.00', '32,505.00', '0.02', '0.00', '0.00'], total: '58,505.02' },
  { income: '1670000', brackets: ['26,000.00', '32,505.00', '225,594.00', '0.00', '0.00'], total: '284,099.00' },
  { income: '4170000', brackets: ['26,000.00', '32,505.00', '225,594.00', '500,000.00', '0.00'], total: '784,099.00' },
  {
    income: '4170000.03',
    brackets: ['26,000.00', '32,505.00', '225,594.00', '500,000.00', '0.01'],
    total: '784,099.01',
  },
  {
    income: '5000000',
    brackets: ['26,000.00', '32,505.00', '225,594.00', '500,000.00', '182,600.00'],
    total: '966,699.00',
  },
];

async function bracketTaxes(page: Page): Promise<string[]> {
  return page.locator('.tax-table tbody tr td:last-child').allTextContents();
}

test.describe('tax calculator', () => {
  test('an individual: each bracket and the total match hand-computed figures at every edge @mobile', async ({
    page,
  }) => {
    await signInAs(page, 'bob@demo.pool');
    await page.goto('/tax-calculator');
    await expect(page.getByRole('note')).toContainText('This is an estimate, not tax advice');
    await page.getByLabel('Type in roubles').check();
    const income = page.getByLabel('Income, ₽');
    for (const edge of edges) {
      await income.fill(edge.income);
      await expect(page.getByTestId('tax-total')).toHaveText(`₽${edge.total}`);
      expect(await bracketTaxes(page)).toEqual(edge.brackets.map((tax) => `₽${tax}`));
    }
    await expectAccessible(page);
  });

  test("a legal entity pays the pool's flat rate, 25 % by default", async ({ page }) => {
    await signInAs(page, 'bob@demo.pool');
    await page.goto('/tax-calculator');
    await page.getByLabel('Legal entity').check();
    await expect(page.getByText('One flat rate of 25 % on the whole income.')).toBeVisible();
    await page.getByLabel('Type in roubles').check();
    await page.getByLabel('Income, ₽').fill('123456.78');
    // 25 % of 123,456.78 is 30,864.195: half a kopeck rounds up.
    await expect(page.getByTestId('tax-total')).toHaveText('₽30,864.20');
  });

  test("income from this year's rewards at the price service's BTC/RUB", async ({ page }) => {
    // The public price service (spec 7), answering in its documented ids/vs_currencies format.
    await page.route(/\/api\/v3\/simple\/price\?/, (route) =>
      route.fulfill({ json: { bitcoin: { usd: 100_000, rub: 8_000_000 }, tether: { usd: 1 } } }),
    );
    await signInAs(page, 'bob@demo.pool');
    const months = page.waitForResponse((response) => /\/mining-report$/.test(response.url()));
    await page.goto('/tax-calculator');
    const list = (await (await months).json()) as { items: { month: string; net: number }[] };
    const year = `${new Date().getUTCFullYear()}-01`;
    const net = list.items.filter((month) => month.month >= year).reduce((sum, month) => sum + month.net, 0);
    expect(net).toBeGreaterThan(0);
    await expect(page.getByTestId('period-rewards')).toHaveText(`${(net / 1e8).toFixed(8)} BTC`);
    // net sat × 8,000,000 ₽ / 1e8 = net × 0.08 ₽ = net × 8 kopecks, exactly.
    const kopecks = net * 8;
    const roubles = `₽${Math.floor(kopecks / 100).toLocaleString('en-US')}.${String(kopecks % 100).padStart(2, '0')}`;
    await expect(page.getByTestId('period-income')).toHaveText(roubles);
    // Under 200,000 ₽: 13 % of it, rounded to the kopeck (half up).
    const tax = Math.floor((kopecks * 13 + 50) / 100);
    expect(kopecks).toBeLessThan(20_000_000);
    await expect(page.getByTestId('tax-total')).toHaveText(
      `₽${Math.floor(tax / 100).toLocaleString('en-US')}.${String(tax % 100).padStart(2, '0')}`,
    );
  });
});

/** No accessibility rule broken on the screen as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}
