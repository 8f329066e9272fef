import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort, smtpPort } from './support/environment.ts';
import { mailTo } from './support/mail.ts';
import { freshTotpCode, newEmail, setUpTotp, signInWithPassword } from './support/people.ts';

/**
 * Issue 16's journeys on a server of its own whose clock (DEMO_CLOCK) starts at 23:53 UTC today:
 * the operator northhash creates a customer, whose owner accepts the e-mailed invitation; the
 * operator sets a fee that starts the next day; after midnight the day's run books the customer's
 * reward at its fee and northhash's share of it; with total_fee_hide the customer sees no fee.
 */
/** appPort + 8: inside the ten ports each run owns (base, SMTP at +2, other journeys' servers at +3, +5, +7). */
const port = appPort + 8;
const origin = `http://localhost:${port}`;
const today = new Date().toISOString().slice(0, 10);
const clockStart = `${today}T23:53:00Z`;
const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
const tomorrow = new Date(midnight).toISOString().slice(0, 10);
const ingestKey = randomBytes(24).toString('hex');
const api = '/api/backend/v0.1';
const customerName = `farm${randomBytes(3).toString('hex')}`;
const ownerEmail = newEmail('customer');

let server: ChildProcess | undefined;
let spawnedAt = 0;
/** The server's clock: DEMO_CLOCK plus the time since it was spawned (it never runs behind this). */
const serverClock = () => Date.parse(clockStart) + (Date.now() - spawnedAt);

interface Person {
  page: Page;
  /** Clicks a control whose change is critical, passing the verification dialog if it asks. */
  confirm: (control: Locator) => Promise<void>;
}
let operator: Person | undefined;
let customer: Page | undefined;
let customerId = '';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverClock());
  return page;
}

/** Signs in with the demo password and turns on two-factor, so that critical changes can pass. */
async function signInWithTotp(browser: Browser, email: string): Promise<Person> {
  const page = await newPage(browser);
  await signInWithPassword(page, email, demo.password);
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

const operatorOf = (): Person => {
  if (!operator) throw new Error('the operator is not signed in');
  return operator;
};
const customerOf = (): Page => {
  if (!customer) throw new Error('the customer is not signed in');
  return customer;
};

test.describe.serial('the customer area', () => {
  test.beforeAll(async ({ browser }) => {
    // The demo server starts with its simulator: minutes on a loaded machine.
    test.setTimeout(420_000);
    spawnedAt = Date.now();
    server = await startDemoServer(port, {
      DEMO_CLOCK: clockStart,
      INGEST_KEY: ingestKey,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    operator = await signInWithTotp(browser, demo.operator.email);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('an operator creates a customer, and its owner accepts the e-mailed invitation @mobile', async ({ browser }) => {
    test.setTimeout(180_000);
    const { page } = operatorOf();
    await page.goto('/customers');
    await expect(page.getByRole('row', { name: /carol_farm/ })).toBeVisible();
    await page.getByRole('link', { name: 'Create customer' }).click();
    await expect(page).toHaveURL(/\/customers\/create-customer$/);
    // Spec 5's customer-creation rule, under the name; a taken name, under it too.
    await page.getByLabel('Account name').fill('Not_Allowed');
    await page.getByLabel("Owner's e-mail").fill(ownerEmail);
    await page.getByLabel('Fee, %').fill('3');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect(page.getByText('Must consist only of lowercase latin letters and digits')).toBeVisible();
    const since = new Date();
    await page.getByLabel('Account name').fill(customerName);
    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}\/settings$/);
    customerId = page.url().match(/customers\/([0-9a-f-]{36})\/settings/)?.[1] ?? '';
    await expect(page.locator('[data-fee-in-force]')).toContainText('3 %');
    // The same name again is taken.
    await page.goto('/customers/create-customer');
    await page.getByLabel('Account name').fill(customerName);
    await page.getByLabel("Owner's e-mail").fill(newEmail('other'));
    await page.getByLabel('Fee, %').fill('2');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await expect(page.getByText('Miner already exists')).toBeVisible();

    const mail = await mailTo(ownerEmail, since, (candidate) => candidate.text.includes('/invitation?token='));
    expect(mail.text).toContain(customerName);
    const link = mail.text.match(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
    customer = await newPage(browser);
    await customer.goto(link);
    await customer.getByLabel(/I agree to the terms of use/).check();
    await customer.getByRole('button', { name: 'Continue' }).click();
    await customer.getByLabel('Password', { exact: true }).fill('Customer-Secret-5521');
    await customer.getByRole('button', { name: 'Save' }).click();
    const secret = (await customer.locator('[data-node="totp_secret_key"] code').textContent())?.trim() ?? '';
    await customer.getByLabel('Verify code').fill(await freshTotpCode(secret, new Set()));
    await customer.getByRole('button', { name: 'Turn on' }).click();
    await expect(customer.getByText('Your authenticator app is set up.')).toBeVisible();
    await customer.getByRole('button', { name: 'Accept and open the dashboard' }).click();
    await expect(customer).toHaveURL(/\/$/);
    // The customer's dashboard shows the fee its operator set.
    await expect(customer.locator('.fee-card .figure-value')).toHaveText('3 %');
    // The operator's list finds it, and the list's owner sees its people.
    await page.goto(`/customers?search=${customerName}`);
    await expect(page.getByRole('row', { name: new RegExp(customerName) })).toContainText('3 %');
    await page.goto(`/customers/${customerId}/settings`);
    await expect(page.locator(`li[data-person="${ownerEmail}"]`)).toBeVisible();
  });

  test('the operator sets a fee that starts the next day', async () => {
    const { page, confirm } = operatorOf();
    await page.clock.setSystemTime(serverClock());
    await page.goto(`/customers/${customerId}/settings`);
    await page.getByRole('button', { name: 'Set fee' }).click();
    const dialog = page.getByRole('dialog', { name: 'New fee' });
    await expect(dialog).toContainText(`00:00 UTC on ${tomorrow}`);
    await dialog.getByLabel('Fee, %').fill('4');
    await confirm(dialog.getByRole('button', { name: 'Save fee' }));
    await expect(page.locator(`tr[data-fee-start="${tomorrow}"]`)).toContainText('4 %');
    // The fee in force stays until then.
    await expect(page.locator('[data-fee-in-force]')).toContainText('3 %');
  });

  test('after midnight the run books the customer’s reward at its fee and the operator’s share', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    expect(serverClock(), 'the journeys ran past midnight on the server').toBeLessThan(midnight - 20_000);
    const pool = ((await (await customerOf().request.get('/v0.1/pools/current')).json()) as { name: string }).name;
    const difficulty = (1000e12 * 86_400) / 2 ** 32 / 10;
    const ingest = await customerOf().request.post(`${api}/ingest/shares`, {
      headers: { authorization: `Bearer ${ingestKey}` },
      data: {
        batch_id: `customers-${randomBytes(4).toString('hex')}`,
        events: Array.from({ length: 10 }, (_, index) => ({
          pool,
          account_name: customerName,
          worker_name: 'rack1',
          difficulty,
          accepted: true,
          at: new Date(serverClock() - 10_000 + index * 100).toISOString(),
        })),
      },
    });
    expect(((await ingest.json()) as { accepted?: number }).accepted).toBe(10);
    // After midnight, once the day's buckets close, the platform admin runs the day.
    const admin = await signInWithTotp(browser, 'admin@demo.pool');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, midnight + 15_000 - serverClock())));
    await expect(async () => {
      const run = await admin.page.request.post(`${api}/platform/rewards/runs`, { data: { day: today } });
      const ran = await run.text();
      expect([200, 201], ran).toContain(run.status());
    }).toPass({ timeout: 90_000, intervals: [5_000] });

    // The customer's reward: its operator's 3 %.
    const page = customerOf();
    const rewards = (await (await page.request.get(`${api}/miners/${customerId}/payments?type=reward`)).json()) as {
      items: { reward: { fee_percent: number | null } | null }[];
    };
    expect(
      rewards.items.map((item) => item.reward?.fee_percent),
      JSON.stringify(rewards),
    ).toEqual([3]);
    // The operator's share: in its balance, the list's earned column and the customer's payments screen.
    const { page: operatorPage } = operatorOf();
    await operatorPage.clock.setSystemTime(serverClock());
    await operatorPage.goto(`/customers?search=${customerName}`);
    const row = operatorPage.getByRole('row', { name: new RegExp(customerName) });
    await expect(row.locator('[data-earned]')).not.toHaveText('0.00000000 BTC');
    await operatorPage.goto(`/customers/${customerId}/payments`);
    await expect(operatorPage.locator('[data-earned-from-miner]')).not.toHaveText('0.00000000 BTC');
    await expect(operatorPage.locator('tbody tr[data-payment]').first()).toBeVisible();
    const earned = (await (
      await operatorPage.request.get(`${api}/operators/${await operatorIdOf(operatorPage)}/balance`)
    ).json()) as { balance: number };
    expect(earned.balance).toBeGreaterThan(0);
    // The reward's row shows the operator's share of it: the customer's one reward, so all it earned from it.
    const fromCustomer = (await (
      await operatorPage.request.get(
        `${api}/operators/${await operatorIdOf(operatorPage)}/earned-from-miner?miner_id=${customerId}`,
      )
    ).json()) as { amount: number; days: unknown[] };
    expect(fromCustomer.days).toHaveLength(1);
    expect(fromCustomer.amount).toBeGreaterThan(0);
    await expect(operatorPage.locator('tbody tr[data-type="reward"] [data-operator-share]')).toHaveAttribute(
      'data-operator-share',
      String(fromCustomer.amount),
    );
    await admin.page.context().close();
  });

  test('with total_fee_hide the customer never sees the total fee', async () => {
    const { page, confirm } = operatorOf();
    await page.clock.setSystemTime(serverClock());
    await page.goto(`/customers/${customerId}/settings`);
    await confirm(page.locator(`li[data-person="${ownerEmail}"]`).getByLabel('Hide the total fee from the customer'));
    await expect(page.locator(`li[data-person="${ownerEmail}"]`).getByRole('checkbox')).toBeChecked();

    const view = customerOf();
    await view.clock.setSystemTime(serverClock());
    await view.goto('/');
    await expect(view.locator('.fee-card .figure-value')).toHaveAttribute('data-hidden', 'true');
    await expect(view.locator('.fee-card .figure-value')).toHaveText('—');
    // Its payments carry no fee either (the customer's payments screen is left to a later journey).
    const payments = (await (await view.request.get(`${api}/miners/${customerId}/payments?type=reward`)).json()) as {
      items: { reward: { fee_percent: number | null; fee: number | null } | null }[];
    };
    expect(payments.items.map((item) => [item.reward?.fee_percent, item.reward?.fee])).toEqual([[null, null]]);
    const fee = (await (await view.request.get(`${api}/miners/${customerId}/fees/current`)).json()) as {
      percent: number | null;
    };
    expect(fee.percent).toBeNull();
  });
});

async function operatorIdOf(page: Page): Promise<string> {
  const identity = (await (await page.request.get(`${api}/identity`)).json()) as {
    permissions: { type: string; account_id: string }[];
  };
  return identity.permissions.find((permission) => permission.type === 'operator')?.account_id ?? '';
}
