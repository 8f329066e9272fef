import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort } from './support/environment.ts';
import {
  accountNameOf,
  freshTotpCode,
  newEmail,
  signInWithPassword,
  signInWithSecondFactor,
  strongPassword,
  type VerifiedPerson,
} from './support/people.ts';

/**
 * Issue 15's journeys on a server of its own whose clock (DEMO_CLOCK) starts at 23:56 UTC today:
 * a platform admin creates, generates and edits promo codes; a person signs up through bob's
 * referral link with a welcome code and mines before midnight, and the run of the day pays bob his
 * share of the pool's fee and lowers the newcomer's fee; alice sets a split that starts the next day.
 */
/** appPort + 7: inside the ten ports each run owns (base, SMTP at +2, the other journeys' servers at +3 and +5). */
const port = appPort + 7;
const origin = `http://localhost:${port}`;
const today = new Date().toISOString().slice(0, 10);
const clockStart = `${today}T23:56:00Z`;
const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
const ingestKey = randomBytes(24).toString('hex');
const api = '/api/backend/v0.1';
const welcomeCode = `WELCOME${randomBytes(2).toString('hex').toUpperCase()}`;

let server: ChildProcess | undefined;
let spawnedAt = 0;
/** The server's clock: DEMO_CLOCK plus the time since it was spawned (it never runs behind this). */
const serverClock = () => Date.parse(clockStart) + (Date.now() - spawnedAt);

type Admin = VerifiedPerson;
let admin: Admin | undefined;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, permissions: ['clipboard-read', 'clipboard-write'] });
  return context.newPage();
}

async function signInAsAdmin(browser: Browser): Promise<Admin> {
  return signInWithSecondFactor(await newPage(browser), 'admin@demo.pool', demo.password);
}

const adminOf = (): Admin => {
  if (!admin) throw new Error('the platform admin is not signed in');
  return admin;
};

test.describe.serial('sharing', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    spawnedAt = Date.now();
    server = await startDemoServer(port, { DEMO_CLOCK: clockStart, INGEST_KEY: ingestKey });
    admin = await signInAsAdmin(browser);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('a platform admin creates, generates and edits promo codes, each refusal under its input', async () => {
    const { page, confirm } = adminOf();
    await page.goto('/promocodes/create');
    await page.getByLabel('Code', { exact: true }).fill(welcomeCode);
    await page.getByLabel('Type', { exact: true }).selectOption('welcome');
    await page.getByLabel('Fee type').selectOption('absolute');
    await page.getByLabel('Final fee, % of rewards').fill('0.5');
    await page.getByLabel('Duration in days').fill('30');
    await confirm(page.getByRole('button', { name: 'Save' }));
    await expect(page.getByRole('heading', { name: 'Promo code', exact: true })).toBeVisible();
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue(welcomeCode);

    // The same name again is refused under the code; Generate gives a fresh one.
    await page.goto('/promocodes/create');
    await page.getByLabel('Code', { exact: true }).fill(welcomeCode.toLowerCase());
    await page.getByLabel('Discount, % of the fee').fill('20');
    await page.getByLabel('Duration in days').fill('10');
    await confirm(page.getByRole('button', { name: 'Save' }));
    await expect(page.getByText('Promo code with this name already exists')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue(/^[A-Z2-9]{10}$/);
    const generated = await page.getByLabel('Code', { exact: true }).inputValue();
    await page.getByLabel('Allowed users (e-mails, optional)').fill('nobody@nowhere.test');
    await confirm(page.getByRole('button', { name: 'Save' }));
    await expect(page.getByText('No users from the provided list were found')).toBeVisible();
    await page.getByLabel('Allowed users (e-mails, optional)').fill('');
    await confirm(page.getByRole('button', { name: 'Save' }));
    await expect(page.getByRole('heading', { name: 'Promo code', exact: true })).toBeVisible();

    // Edited: made loyalty and inactive; the list filters find it so.
    await page.getByLabel('Type', { exact: true }).selectOption('loyalty');
    await page.getByLabel('Status', { exact: true }).selectOption('inactive');
    await confirm(page.getByRole('button', { name: 'Save' }));
    await expect(page.getByText(`Promo code ${generated} saved`)).toBeVisible();
    await page.goto('/promocodes?status=inactive');
    await expect(page.getByRole('row', { name: new RegExp(generated) })).toContainText('Loyalty');
    await expect(page.getByRole('row', { name: new RegExp(welcomeCode) })).toHaveCount(0);
  });

  test('a person signs up through a referral link with a promo code, and the next run pays the referrer and applies the discount', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    // Bob's referral link. Each browser's clock follows the server's, as the identity flow and the
    // session checks compare the two.
    const bob = await newPage(browser);
    await bob.clock.setSystemTime(serverClock());
    await signInWithPassword(bob, demo.bob.email, demo.password);
    await expect(bob).toHaveURL(/\/$/);
    await bob.goto('/referrals');
    await bob.getByRole('button', { name: 'Create a code' }).click();
    const link = (await bob.locator('.referral-link').first().textContent())?.trim() ?? '';
    expect(link).toMatch(new RegExp(`^${origin}/auth/registration\\?referral_code=[a-z2-9]{8}$`));
    await expect(bob.getByRole('img', { name: /QR code of the link/ }).locator('svg')).toBeVisible();
    await bob.getByRole('button', { name: 'Copy link' }).click();
    await expect(bob.getByText('Copied')).toBeVisible();

    // A newcomer opens it and answers the promo question: the code applies before submit.
    const newcomer = await newPage(browser);
    await newcomer.clock.setSystemTime(serverClock());
    const email = newEmail('referred');
    const accountName = accountNameOf(email);
    await newcomer.goto(link);
    await newcomer.getByRole('radio', { name: 'Yes' }).check();
    await newcomer.getByLabel('Promo code').fill('NOPE-NOT-A-CODE');
    await expect(newcomer.getByText('Promo code not found')).toBeVisible();
    await newcomer.getByLabel('Promo code').fill(welcomeCode);
    await expect(newcomer.getByText('This code applies: your fee will be 0.5 % of rewards')).toBeVisible();
    await newcomer.getByLabel('E-Mail').fill(email);
    await newcomer.getByLabel('Password', { exact: true }).fill(strongPassword);
    await newcomer.getByLabel(/I agree to the terms of use/).check();
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await expect(newcomer).toHaveURL(/\/auth\/name$/);
    await newcomer.getByLabel('Account name').fill(accountName);
    await newcomer.getByRole('button', { name: 'Create the account' }).click();
    await expect(newcomer).toHaveURL(/\/$/);

    // It mines before midnight: 1,000 TH/s on average over the day.
    expect(serverClock(), 'the sign-up ran past midnight on the server').toBeLessThan(midnight - 20_000);
    const pool = ((await (await newcomer.request.get('/v0.1/pools/current')).json()) as { name: string }).name;
    const difficulty = (1000e12 * 86_400) / 2 ** 32 / 10;
    const ingest = await newcomer.request.post(`${api}/ingest/shares`, {
      headers: { authorization: `Bearer ${ingestKey}` },
      data: {
        batch_id: `sharing-${randomBytes(4).toString('hex')}`,
        events: Array.from({ length: 10 }, (_, index) => ({
          pool,
          account_name: accountName,
          worker_name: 'rig1',
          difficulty,
          accepted: true,
          at: new Date(serverClock() - 10_000 + index * 100).toISOString(),
        })),
      },
    });
    const counted = (await ingest.json()) as { accepted?: number };
    expect(counted.accepted, JSON.stringify(counted)).toBe(10);

    // After midnight, once the day's buckets close, the platform admin runs the day.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, midnight + 15_000 - serverClock())));
    const { page } = adminOf();
    let ran = '';
    await expect(async () => {
      const run = await page.request.post(`${api}/platform/rewards/runs`, { data: { day: today } });
      ran = await run.text();
      expect([200, 201], ran).toContain(run.status());
    }).toPass({ timeout: 60_000, intervals: [5_000] });

    // The newcomer's reward shows the promo code and the fee before it.
    const identity = (await (await newcomer.request.get(`${api}/identity`)).json()) as {
      permissions: { type: string; account_id: string }[];
    };
    const newcomerId = identity.permissions.find((permission) => permission.type === 'miner')?.account_id ?? '';
    const rewards = (await (await newcomer.request.get(`${api}/miners/${newcomerId}/payments?type=reward`)).json()) as {
      items: { reward: { promo?: { code: string } } | null }[];
    };
    expect(
      rewards.items.map((item) => item.reward?.promo?.code),
      JSON.stringify(rewards),
    ).toEqual([welcomeCode]);
    await newcomer.clock.setSystemTime(serverClock());
    await newcomer.goto('/payments?type=reward');
    const reward = newcomer.locator('tbody tr[data-payment]').first();
    await expect(reward).toBeVisible();
    await reward.getByRole('button').first().click();
    const breakdown = newcomer.locator('.reward-breakdown');
    await expect(breakdown).toContainText(welcomeCode);
    await expect(breakdown).toContainText('Fee before the promo code');
    await expect(breakdown).toContainText('0.5 %');

    // Bob receives his share of the pool's fee, and sees the newcomer among his referrals.
    await bob.clock.setSystemTime(serverClock());
    await bob.goto('/payments?type=profit_sharing');
    await expect(bob.locator('tbody tr[data-payment][data-direction="incoming"]')).toHaveCount(1);
    await bob.goto('/referrals');
    const row = bob.getByRole('row', { name: new RegExp(accountName) });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('0.00000000 BTC');
  });

  test('a donor sets a split that starts the next day @mobile', async ({ browser }) => {
    const alice = await newPage(browser);
    await alice.clock.setSystemTime(serverClock());
    await signInWithPassword(alice, demo.alice.email, demo.password);
    await expect(alice).toHaveURL(/aal=aal2/);
    const used = new Set<string>();
    await alice.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, used));
    await alice.getByRole('button', { name: 'Verify' }).click();
    await expect(alice).toHaveURL(/\/$/);
    await alice.goto('/profit-sharing');
    const next = new Date(Math.floor(serverClock() / 86_400_000) * 86_400_000 + 86_400_000);
    const nextDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(next);
    await expect(alice.getByText(`From ${nextDay}, 00:00 UTC`)).toBeVisible();
    await alice.getByLabel('Recipient account name').fill('alice_hash');
    await alice.getByLabel('Percent of your net reward').fill('150');
    await alice.getByRole('button', { name: 'Share' }).click();
    await expect(alice.getByText('Enter a percent above 0 and at most 100')).toBeVisible();
    await alice.getByLabel('Recipient account name').fill('bob_mining');
    await alice.getByLabel('Percent of your net reward').fill('25');
    await alice.getByRole('button', { name: 'Share' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Confirm it is you' });
    if (await dialog.isVisible({ timeout: 3_000 }).catch(() => false)) {
      await dialog.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, used));
      await dialog.getByRole('button', { name: 'Verify' }).click();
    }
    const split = alice.locator('li.split[data-recipient="bob_mining"]');
    await expect(split).toContainText('25 %');
    await expect(split).toContainText(`From ${nextDay}, 00:00 UTC`);
  });
});
