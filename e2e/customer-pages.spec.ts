import { expect, test } from '@playwright/test';
import { demo, signInAs } from './support/demo.ts';
import { holdAnswers } from './support/held-answers.ts';
import { recordLayoutShifts } from './support/layout-shifts.ts';

test("a customer's name lands on a line of its own: the tabs and the fee schedule under it stay put, at the widths of phones and desktops", async ({
  page,
}) => {
  const layoutShift = await recordLayoutShifts(page);
  await signInAs(page, demo.operator.email);
  const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
    permissions: { type: string; account_id: string }[];
  };
  const operatorId = identity.permissions.find((permission) => permission.type === 'operator')?.account_id ?? '';
  const customers = (await (
    await page.request.get(`/api/backend/v0.1/operators/${operatorId}/miners?per_page=1`)
  ).json()) as { items: { id: string; account_name: string }[] };
  const customer = customers.items[0];
  if (!customer) throw new Error('the demo operator has no customer');
  const detail = await holdAnswers(page, `**/operators/${operatorId}/miners/${customer.id}`);

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
    expect(await layoutShift(), `${width} px`).toBeLessThan(0.05);
  }
});
