import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs } from './support/demo.ts';
import { holdAnswers } from './support/held-answers.ts';
import { recordLayoutShifts, unseenShift } from './support/layout-shifts.ts';

/*
 * Pages of the demo pool whose answers are held, then given one by one: what is on screen keeps its
 * place, and the page's layout shift stays at sub-pixel rounding (issue 18: CLS < 0.05 on a phone).
 */

/** The demo operator's first customer, read as the app reads it. */
async function firstCustomer(page: Page): Promise<{ operatorId: string; id: string; account_name: string }> {
  const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
    permissions: { type: string; account_id: string }[];
  };
  const operatorId = identity.permissions.find((permission) => permission.type === 'operator')?.account_id ?? '';
  const customers = (await (
    await page.request.get(`/api/backend/v0.1/operators/${operatorId}/miners?per_page=1`)
  ).json()) as { items: { id: string; account_name: string }[] };
  const customer = customers.items[0];
  if (!customer) throw new Error('the demo operator has no customer');
  return { operatorId, ...customer };
}

test("a customer's name lands on a line of its own: the tabs and the fee schedule under it stay put, at the widths of phones and desktops", async ({
  page,
}) => {
  const layoutShift = await recordLayoutShifts(page);
  await signInAs(page, demo.operator.email);
  const customer = await firstCustomer(page);
  const detail = await holdAnswers(page, `**/operators/${customer.operatorId}/miners/${customer.id}`);

  // 390 px is where the "…" fitted beside the title and the name did not, which moved all below 26 px.
  for (const width of [360, 390, 412, 1280]) {
    detail.hold();
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`/customers/${customer.id}/settings`);
    const name = page.locator('.customer-name');
    const tabs = page.getByRole('navigation', { name: 'Customer sections' });
    await expect(name).toHaveText('…');
    await expect(page.getByRole('heading', { name: 'Fee schedule' })).toBeVisible();
    const before = await tabs.boundingBox();

    detail.answer();
    await expect(name).toContainText(customer.account_name);
    expect(await tabs.boundingBox(), `${width} px`).toEqual(before);
    expect(await layoutShift(), `${width} px`).toBeLessThan(unseenShift);
  }
});

test("a customer's chart, figures and workers land in the places kept for them, at the widths of phones and desktops", async ({
  page,
}) => {
  const layoutShift = await recordLayoutShifts(page);
  await signInAs(page, demo.operator.email);
  const customer = await firstCustomer(page);
  const chart = await holdAnswers(page, `**/miners/${customer.id}/charts?**`);
  const stats = await holdAnswers(page, `**/miners/${customer.id}/stats`);
  const workers = await holdAnswers(page, `**/miners/${customer.id}/workers?**`);

  for (const width of [360, 390, 412, 1280]) {
    for (const held of [chart, stats, workers]) held.hold();
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`/customers/${customer.id}`);
    const figures = page.getByRole('region', { name: 'Statistics' });
    const workerList = page.getByRole('heading', { name: 'Workers', exact: true, level: 2 });
    await expect(page.locator('.chart-card .chart-placeholder')).toBeVisible();
    await expect(figures).toHaveAttribute('aria-busy', 'true');
    const before = { figures: await figures.boundingBox(), workers: await workerList.boundingBox() };

    // The answers in the order least kind to the page: each that lands above the others.
    chart.answer();
    await expect(page.getByRole('img', { name: /Hashrate chart of/ })).toBeVisible();
    stats.answer();
    await expect(figures).toHaveAttribute('aria-busy', 'false');
    workers.answer();
    await expect(page.locator('tbody tr[data-worker]').first()).toBeVisible();
    expect(await figures.boundingBox(), `${width} px`).toEqual(before.figures);
    expect(await workerList.boundingBox(), `${width} px`).toEqual(before.workers);
    expect(await layoutShift(), `${width} px`).toBeLessThan(unseenShift);
  }
});

test('a miner’s referred accounts show under the referral codes once both have their answers, so the codes never push them down @mobile', async ({
  page,
}) => {
  const layoutShift = await recordLayoutShifts(page);
  await signInAs(page, demo.bob.email);
  const lists = await holdAnswers(page, '**/miners/*/{referrer-codes,referrals}');
  await page.goto('/referrals');
  const codes = page.getByRole('region', { name: 'Your referral codes' });
  const referred = page.getByRole('region', { name: 'Accounts you referred' });
  await expect(codes).toBeVisible();
  await expect(codes.locator('.chart-placeholder')).toBeVisible();
  await expect(referred).toHaveCount(0);

  lists.answer();
  await expect(referred).toBeVisible();
  await expect(codes.locator('.chart-placeholder')).toHaveCount(0);
  expect(await layoutShift()).toBeLessThan(unseenShift);
});
