import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { signInAs } from './support/demo.ts';

interface ReportMonth {
  month: string;
  days_mined: number;
  gross: number;
  fees: number;
  net: number;
  days: { day: string; gross: number; fee: number; net: number }[];
}

/** "0.00012345 BTC" from integer satoshis, as the screens write it in English. */
const btc = (satoshis: number) => `${(satoshis / 1e8).toFixed(8)} BTC`;
/** The CSV's BTC: 8 decimals, a dot, no grouping. */
const csvBtc = (satoshis: number) => (satoshis / 1e8).toFixed(8);

test.describe('mining report', () => {
  test("a miner sees the month's figures and days, and downloads them as CSV @mobile", async ({ page }) => {
    await signInAs(page, 'bob@demo.pool');
    // The month a report answer of the API is for (the page's own address has the same ending).
    const monthOf = (response: Response) =>
      /\/api\/backend\/.*\/mining-report\?month=(\d{4}-\d{2})$/.exec(response.url())?.[1];
    const opened = page.waitForResponse((response) => monthOf(response) !== undefined);
    await page.goto('/mining-report');
    // The page opens on this month (UTC).
    expect(monthOf(await opened)).toBe(new Date().toISOString().slice(0, 7));

    // The demo credits its simulated week at first start, each day from 09:00 UTC the day after
    // (spec 9): the month of the last day credited has rewards, which early in a month is the one before.
    const rewarded = new Date(Date.now() - (9 + 24) * 3_600_000).toISOString().slice(0, 7);
    const answer = page.waitForResponse((response) => monthOf(response) === rewarded);
    await page.goto(`/mining-report?month=${rewarded}`);
    const report = (await (await answer).json()) as ReportMonth;
    expect(report.month).toBe(rewarded);
    expect(report.days_mined).toBeGreaterThan(0);
    const figures = page.getByRole('region', { name: 'The month’s figures' });
    const figure = (name: string) =>
      figures.locator('.stat', { has: page.getByRole('heading', { name, exact: true }) });
    await expect(figure('Days mined')).toContainText(String(report.days_mined));
    await expect(figure('Gross')).toContainText(btc(report.gross));
    await expect(figure('Fees')).toContainText(btc(report.fees));
    await expect(figure('Net')).toContainText(btc(report.net));
    // The figures add up: net is gross less fees, and the days sum to the month.
    expect(report.net).toBe(report.gross - report.fees);
    expect(report.days.reduce((sum, day) => sum + day.net, 0)).toBe(report.net);
    await expect(page.getByRole('img', { name: /Net reward and hashrate by day/ })).toBeVisible();
    await expectAccessible(page);
    for (const day of report.days) {
      await expect(page.locator(`tr[data-day="${day.day}"]`)).toContainText(btc(day.net));
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`mining-report-bob_mining-${report.month}.csv`);
    const text = await readFile((await file.path()) ?? '', 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('day,hash_rate_ths,gross_btc,fee_btc,net_btc,payouts_btc,btc_usd,btc_rub');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -2).map((line) => line.split(','));
    expect(rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual(
      report.days.map((day) => [day.day, csvBtc(day.gross), csvBtc(day.fee), csvBtc(day.net)]),
    );
    expect(lines.at(-2)?.split(',').slice(0, 5)).toEqual([
      `total ${report.month}`,
      expect.stringMatching(/^\d+\.\d{6}$/),
      csvBtc(report.gross),
      csvBtc(report.fees),
      csvBtc(report.net),
    ]);
  });

  test('the month picker runs from January 2025 and reads the month from the address @mobile', async ({ page }) => {
    await signInAs(page, 'bob@demo.pool');
    await page.goto('/mining-report?month=2025-01');
    const picker = page.getByRole('combobox', { name: 'Month' });
    await expect(picker).toHaveValue('2025-01');
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await expect(page.getByText('Nothing was credited this month.')).toBeVisible();
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page).toHaveURL(/month=2025-02$/);
    await expect(picker).toHaveValue('2025-02');
    const options = await picker
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options[0]).toBe(new Date().toISOString().slice(0, 7));
    expect(options.at(-1)).toBe('2025-01');
  });
});

/** No accessibility rule broken on the screen as it stands. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}
