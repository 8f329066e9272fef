import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort } from './support/environment.ts';
import { freshTotpCode, setUpTotp, signInWithPassword } from './support/people.ts';

/**
 * Spec 9's payout day on servers of their own, whose clock (DEMO_CLOCK) starts at 14:30 UTC today:
 * the 14:00 withdrawal has run when they are ready, so alice's balance is a pending payout. The
 * platform admin then schedules the batch a minute ahead, and handles it at the manual desk (no
 * Bitcoin Core node): one server sees it sent and confirmed, the other sees it fail and reversed.
 */
const clockStart = `${new Date().toISOString().slice(0, 10)}T14:30:00Z`;
const screenshots = process.env.E2E_SCREENSHOTS;

interface PoolServer {
  url: string;
  process: ChildProcess;
  /** The server's clock now: DEMO_CLOCK plus the time since it was spawned (it never runs behind this). */
  clock: () => number;
}

async function startPoolServer(port: number): Promise<PoolServer> {
  const spawnedAt = Date.now();
  const child = await startDemoServer(port, { DEMO_CLOCK: clockStart });
  return {
    url: `http://localhost:${port}`,
    process: child,
    clock: () => Date.parse(clockStart) + (Date.now() - spawnedAt),
  };
}

const servers: Partial<Record<'sent' | 'failed', PoolServer>> = {};
const serverOf = (name: 'sent' | 'failed'): PoolServer => {
  const server = servers[name];
  if (!server) throw new Error(`the ${name} server did not start`);
  return server;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Both at once: each boot seeds a week of demo history, which takes a while on a loaded machine.
  [servers.sent, servers.failed] = await Promise.all([startPoolServer(appPort + 10), startPoolServer(appPort + 11)]);
});

test.afterAll(() => {
  for (const server of Object.values(servers)) server?.process.kill();
});

async function newPage(browser: Browser, server: PoolServer): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

async function signInAsAlice(browser: Browser, server: PoolServer): Promise<Page> {
  const page = await newPage(browser, server);
  await signInWithPassword(page, demo.alice.email, demo.password);
  await expect(page).toHaveURL(/aal=aal2/);
  await page.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, new Set()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

interface Admin {
  page: Page;
  /** Clicks a button whose change is critical, passing the verification dialog if it asks. */
  confirm: (button: ReturnType<Page['getByRole']>) => Promise<void>;
}

/** The demo admin has no second factor on a fresh server: it sets one up, as desk changes need it. */
async function signInAsAdmin(browser: Browser, server: PoolServer): Promise<Admin> {
  const page = await newPage(browser, server);
  await signInWithPassword(page, 'admin@demo.pool', demo.password);
  await expect(page).not.toHaveURL(/\/auth\//);
  const used = new Set<string>();
  const secret = await setUpTotp(page, used);
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  return {
    page,
    confirm: async (button) => {
      await button.click();
      if (await dialog.isVisible({ timeout: 3_000 }).catch(() => false)) {
        await dialog.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
        await dialog.getByRole('button', { name: 'Verify' }).click();
        await expect(dialog).toBeHidden();
      }
    },
  };
}

/** Alice's payout row in /payments. */
async function alicePayout(page: Page) {
  await page.goto('/payments');
  const row = page.getByRole('row').filter({ hasText: 'Payout' });
  await expect(row).toHaveCount(1);
  return row;
}

/** A payment row's amount in BTC, without its sign and direction. */
async function amountOf(row: ReturnType<Page['getByRole']>): Promise<string> {
  const text = (await row.locator('.payment-amount').textContent()) ?? '';
  const amount = /\d[\d,]*\.\d{8} BTC/.exec(text)?.[0];
  if (!amount) throw new Error(`no amount in "${text}"`);
  return amount;
}

/** Schedules the batch at the next whole minute at least 15 s ahead of the server's clock; waits for it. */
async function batchNow({ page, confirm }: Admin, server: PoolServer) {
  await page.goto('/platform/payouts');
  const schedule = page.getByRole('region', { name: 'Payout schedule' });
  const at = new Date(Math.ceil((server.clock() + 15_000) / 60_000) * 60_000).toISOString();
  await schedule.getByLabel('Date').fill(at.slice(0, 10));
  await schedule.getByLabel('Time (UTC)').fill(at.slice(11, 16));
  await confirm(schedule.getByRole('button', { name: 'Save schedule' }));
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(schedule).toContainText(`at ${at.slice(11, 16)} UTC`);

  // The payout jobs tick every minute: the batch is made at the first tick past that time.
  const batch = page.locator('article.batch');
  await expect(async () => {
    await page.reload();
    await expect(batch).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  await expect(batch).toContainText('To send');
  await expect(batch).toContainText('alice_hash');
  return batch;
}

test.describe('payouts: the 14:00 run and the manual desk', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the 14:00 run pays alice; the admin records the batch txid and its confirmation, and alice sees both', async ({
    browser,
  }) => {
    const server = serverOf('sent');
    const alice = await signInAsAlice(browser, server);
    // The whole balance went to the pending payout at 14:00: the balance card says so.
    const pending = await alicePayout(alice);
    await expect(pending).toContainText('Pending');
    await expect(pending).toContainText('Waiting to be sent');
    const amount = await amountOf(pending);

    const desk = await signInAsAdmin(browser, server);
    const admin = desk.page;
    const batch = await batchNow(desk, server);
    const txid = randomBytes(32).toString('hex');
    await batch.getByLabel('Transaction id (txid)').fill('not a txid');
    await batch.getByRole('button', { name: 'Record txid' }).click();
    await expect(batch.getByText('64 hexadecimal characters')).toBeVisible();
    await batch.getByLabel('Transaction id (txid)').fill(txid.toUpperCase());
    await desk.confirm(batch.getByRole('button', { name: 'Record txid' }));
    await expect(admin.getByText('Txid recorded')).toBeVisible();
    await expect(batch).toContainText('Sent');
    await expect(batch).toContainText(txid);
    if (screenshots) await admin.screenshot({ path: `${screenshots}/payout-desk-sent.png`, fullPage: true });
    expect((await new AxeBuilder({ page: admin }).include('main').analyze()).violations).toEqual([]);

    // Alice sees where her money went: the txid, linked to the pool's block explorer.
    const sent = await alicePayout(alice);
    await expect(sent).toContainText('Sent, awaiting confirmations');
    await expect(sent.getByRole('link', { name: txid })).toHaveAttribute('href', new RegExp(`${txid}$`));

    await desk.confirm(batch.getByRole('button', { name: 'Mark completed' }));
    await expect(admin.getByText('Batch completed')).toBeVisible();
    const confirmed = await alicePayout(alice);
    await expect(confirmed).toContainText('Confirmed');
    await expect(confirmed).toContainText('Completed');
    expect(await amountOf(confirmed)).toBe(amount);
  });

  test('a failed batch keeps the money reserved until the admin reverses alice’s request, which returns it', async ({
    browser,
  }) => {
    const server = serverOf('failed');
    const alice = await signInAsAlice(browser, server);
    const pending = await alicePayout(alice);
    const amount = await amountOf(pending);
    const balance = alice.locator('.money-stat').filter({ has: alice.getByRole('heading', { name: 'Balance' }) });

    const desk = await signInAsAdmin(browser, server);
    const admin = desk.page;
    const batch = await batchNow(desk, server);
    await batch.getByLabel('Reason of the failure').fill('The wallet refused the transaction: fee too low');
    await desk.confirm(batch.getByRole('button', { name: 'Mark failed' }));
    await expect(admin.getByText('Batch marked failed')).toBeVisible();

    // Failed: still reserved, so alice's balance does not have it back yet.
    const requests = admin.getByRole('region', { name: 'Blockchain requests' });
    const aliceRequest = requests.getByRole('row').filter({ hasText: 'alice_hash' });
    await expect(aliceRequest).toContainText('Failed');
    await alice.goto('/');
    await expect(balance.locator('.figure-value')).not.toHaveText(amount);

    await desk.confirm(aliceRequest.getByRole('button', { name: /^Reverse the payout of alice_hash/ }));
    await expect(
      admin.getByText('The payout of alice_hash was reversed; the money is back on its balance'),
    ).toBeVisible();
    await expect(aliceRequest).toContainText('Canceled');
    await expect(aliceRequest.getByRole('button')).toHaveCount(0);

    const canceled = await alicePayout(alice);
    await expect(canceled).toContainText('Canceled');
    await alice.goto('/');
    await expect(balance.locator('.figure-value')).toHaveText(amount);
  });
});
