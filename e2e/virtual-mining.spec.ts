import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort } from './support/environment.ts';
import { signInWithPassword, signInWithSecondFactor, type VerifiedPerson } from './support/people.ts';

/**
 * Issue 15's virtual mining and the platform's sharing screens, on a demo server of their own (a
 * fresh pool whose staff and platform admin set their second factor up here): pool staff create
 * and end a contract on /transfers; a platform admin tops bob up on /platform/unallocated and bob
 * sees it among his transfers; the platform admin changes the referral settings on /platform.
 * Each project gets its own port inside this run's ten (appPort + 8 desktop, + 9 mobile).
 */
const shots = `${process.env.TMPDIR ?? '/tmp'}/pool-e2e-shots-${appPort}`;

let server: ChildProcess | undefined;
let origin = '';
type Person = VerifiedPerson;
let admin: Person | undefined;

async function signInAs(browser: Browser, email: string): Promise<Person> {
  const context = await browser.newContext({ baseURL: origin, permissions: ['clipboard-read', 'clipboard-write'] });
  return signInWithSecondFactor(await context.newPage(), email, demo.password);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

test.describe.serial('virtual mining and sharing settings @mobile', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = appPort + (test.info().project.name === 'mobile' ? 9 : 8);
    origin = `http://localhost:${port}`;
    server = await startDemoServer(port);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('pool staff create a virtual-mining contract on /transfers, each refusal under its input, then end it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page, confirm } = await signInAs(browser, 'staff@demo.pool');
    await page.goto('/transfers');
    const section = page.getByRole('region', { name: 'Virtual-mining contracts' });
    await expect(section.getByText('No virtual-mining contracts yet.')).toBeVisible();
    const form = section.getByRole('form', { name: 'New contract' });
    await expect(form.getByLabel('Starts (UTC)')).toHaveValue(/T00:00$/);

    await form.getByRole('button', { name: 'Create contract' }).click();
    await expect(form.getByText('Value required')).toHaveCount(3);
    await form.getByLabel('Donor account name').fill('alice_hash');
    await form.getByLabel('Recipient account name').fill('alice_hash');
    await form.getByLabel('Share of the donor’s hashrate, %').fill('150');
    await form.getByRole('button', { name: 'Create contract' }).click();
    await expect(form.getByText('The recipient must be another account than the donor')).toBeVisible();
    await expect(form.getByText('Enter a percent above 0 and at most 100')).toBeVisible();

    // Names the server does not know come back under their input.
    await form.getByLabel('Recipient account name').fill('nobody_here');
    await form.getByLabel('Share of the donor’s hashrate, %').fill('25');
    await confirm(form.getByRole('button', { name: 'Create contract' }));
    await expect(form.getByText('No miner has this account')).toBeVisible();
    await expect(form.getByLabel('Recipient account name')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Recipient account name').fill('bob_mining');
    await form.getByRole('button', { name: 'Create contract' }).click();
    const row = section.getByRole('row', { name: /alice_hash/ });
    await expect(row).toContainText('bob_mining');
    await expect(row).toContainText('25 % of the donor');
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText('Open-ended');
    await screenshot(page, 'transfers-contracts');

    // A second contract would give away more than all of alice's hashrate from the same start.
    await form.getByLabel('Donor account name').fill('alice_hash');
    await form.getByLabel('Recipient account name').fill('bob_mining');
    await form.getByLabel('Share of the donor’s hashrate, %').fill('80');
    await form.getByRole('button', { name: 'Create contract' }).click();
    await expect(
      form.getByText('The donor’s contracts would give away more than 100 % of its hashrate at once'),
    ).toBeVisible();

    await confirm(section.getByRole('button', { name: 'End the contract of alice_hash to bob_mining' }));
    await expect(row).toContainText('Ended');
    await expect(section.getByRole('button', { name: /End the contract/ })).toHaveCount(0);
  });

  test('a platform admin tops bob up with a comment, and bob sees it among his transfers', async ({ browser }) => {
    test.setTimeout(120_000);
    admin = await signInAs(browser, 'admin@demo.pool');
    const { page, confirm } = admin;
    await page.goto('/platform/unallocated');
    const section = page.getByRole('region', { name: 'Virtual-mining top-up' });
    await section.getByRole('button', { name: 'Top up' }).click();
    await expect(section.getByText('Value required')).toHaveCount(3);
    await section.getByLabel('Miner account name').fill('nobody_here');
    await section.getByLabel('Amount').fill('0.000000001');
    await section.getByLabel('Comment').fill('Hashrate promised for the demo');
    await section.getByRole('button', { name: 'Top up' }).click();
    await expect(section.getByText('At most eight decimals')).toBeVisible();
    await section.getByLabel('Amount').fill('1000');
    await section.getByLabel('Unit').selectOption('sat');
    await confirm(section.getByRole('button', { name: 'Top up' }));
    await expect(section.getByText('No miner has this account')).toBeVisible();
    await section.getByLabel('Miner account name').fill('bob_mining');
    await section.getByRole('button', { name: 'Top up' }).click();
    await expect(page.getByText('0.00001000 BTC credited to bob_mining')).toBeVisible();
    await expect(section.getByLabel('Miner account name')).toHaveValue('');
    await screenshot(page, 'platform-unallocated-topup');

    const bob = await (await browser.newContext({ baseURL: origin })).newPage();
    await signInWithPassword(bob, demo.bob.email, demo.password);
    await expect(bob).toHaveURL(/\/$/);
    await bob.goto('/transfers');
    await expect(bob.getByText('0.00001000 BTC').first()).toBeVisible();
    await expect(bob.getByText('Virtual mining top-up').first()).toBeVisible();
  });

  test('a platform admin changes the referral percent and days on /platform, wrong values refused under their inputs', async () => {
    test.setTimeout(120_000);
    if (!admin) throw new Error('the platform admin is not signed in');
    const { page, confirm } = admin;
    await page.goto('/platform');
    const section = page.getByRole('region', { name: 'Referral settings' });
    const percent = section.getByLabel('Referral percent of the pool fee');
    await expect(percent).toHaveValue('10');
    await expect(section.getByLabel('Referral days')).toHaveValue('365');
    await percent.fill('100.5');
    await section.getByLabel('Referral days').fill('0');
    await section.getByRole('button', { name: 'Save settings' }).click();
    await expect(section.getByText('Enter a percent from 0 to 100')).toBeVisible();
    await expect(section.getByText('Must be greater than or equal to 1')).toBeVisible();
    await percent.fill('12.5');
    await section.getByLabel('Referral days').fill('180');
    await confirm(section.getByRole('button', { name: 'Save settings' }));
    await expect(page.getByText('Referral settings saved')).toBeVisible();
    await screenshot(page, 'platform-referral-settings');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Referral settings' }).getByLabel('Referral days')).toHaveValue(
      '180',
    );
    await expect(
      page.getByRole('region', { name: 'Referral settings' }).getByLabel('Referral percent of the pool fee'),
    ).toHaveValue('12.5');
  });
});
