import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { demo } from './support/demo.ts';
import { holdAnswers } from './support/held-answers.ts';
import { recordLayoutShifts, unseenShift } from './support/layout-shifts.ts';
import { appPort } from './support/environment.ts';
import {
  accountNameOf,
  freshTotpCode,
  newEmail,
  register,
  setUpTotp,
  signInWithPassword,
  strongPassword,
  totpCode,
} from './support/people.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The demo pool's staff: an admin of the pool, without a second factor on a fresh server. */
const staff = 'staff@demo.pool';
/**
 * The first journey of a server's run sets the staff's second factor up and keeps its secret here,
 * where the journeys of the other project (another worker) read it.
 */
const secretFile = `${process.env.TMPDIR ?? '/tmp'}/pool-e2e-staff-totp-${appPort}`;
let staffSecret: string | undefined;
const staffCodes = new Set<string>();

async function signInAsStaff(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  await signInWithPassword(page, staff, demo.password);
  await expect(page).toHaveURL(/aal=aal2|localhost:\d+\/$/);
  if (page.url().includes('aal=aal2')) {
    if (!staffSecret) {
      staffSecret = (await readFile(secretFile, 'utf8')).trim();
      staffCodes.add(totpCode(staffSecret));
    }
    await page.getByLabel('Authentication code').fill(await freshTotpCode(staffSecret, staffCodes));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/auth\//);
  } else {
    staffSecret = await setUpTotp(page, staffCodes);
    await writeFile(secretFile, staffSecret);
  }
  return page;
}

/** Clicks an action; when the privileged window has passed, the verification dialog asks for the second factor. */
async function confirm(page: Page, button: Locator): Promise<void> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  if (await dialog.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await dialog.getByLabel('Authentication code').fill(await freshTotpCode(staffSecret ?? '', staffCodes));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** Staff find a user by part of their e-mail in /users and open their page. */
async function openUser(page: Page, email: string): Promise<void> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Search by e-mail or account name').fill(email.split('@')[0] ?? email);
  const rows = page.locator('tr[data-user]');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible();
}

test.describe('pool users', () => {
  test("a pool admin resets a user's lost second factor; the user signs in with the password and sets it up again @mobile", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A miner with an authenticator app, who then loses the phone.
    const email = newEmail('lostphone');
    await register(page, email, accountNameOf(email));
    // The main page has settled (its banner asks for a second factor) before settings open.
    await expect(page.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();
    const userCodes = new Set<string>();
    await setUpTotp(page, userCodes);

    const desk = await signInAsStaff(browser);
    await openUser(desk, email);
    const factors = desk.locator('dd[data-factors]');
    await expect(factors).toHaveText('authenticator app');
    // Registered without opening the verification mail: the address is shown as not verified.
    await expect(desk.locator('[data-verified]')).toHaveText('not verified');
    await confirm(desk, desk.getByRole('button', { name: 'Reset second factor' }));
    await expect(desk.getByRole('status').filter({ hasText: 'The second factor is reset' })).toBeVisible();
    await expect(factors).toHaveText('None set up');
    const history = desk.getByRole('region', { name: 'History' });
    await expect(history.locator('[data-action="second_factor_reset"]')).toContainText(`by ${staff}`);
    await expect(history.locator('[data-action="second_factor_reset"]')).toContainText('authenticator app');
    // Staff never reset their own this way: their own page offers no action.
    await desk.goto('/users');
    await desk.getByLabel('Search by e-mail or account name').fill('staff@');
    await desk.locator('tr[data-user]').getByRole('link', { name: staff }).click();
    await expect(desk.getByText('You cannot reset your own second factor')).toBeVisible();
    await expect(desk.getByRole('button', { name: 'Reset second factor' })).toHaveCount(0);

    // The reset ended the user's sessions: the next page asks them to sign in, with the password alone.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/login/);
    await signInWithPassword(page, email, strongPassword);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();
    await setUpTotp(page, userCodes);

    await desk.goto('/users');
    await openUser(desk, email);
    await expect(desk.locator('dd[data-factors]')).toHaveText('authenticator app');
  });

  test('a pool admin searches the users and closes one session of a user; the other stays signed in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = newEmail('twodevices');
    const accountName = accountNameOf(email);
    await register(page, email, accountName);
    const phone = await (await browser.newContext()).newPage();
    await signInWithPassword(phone, email, strongPassword);
    await expect(phone).toHaveURL(/localhost:\d+\/$/);

    const desk = await signInAsStaff(browser);
    // The list finds the user by account name as well as by e-mail.
    await desk.goto('/users');
    await desk.getByLabel('Search by e-mail or account name').fill(accountName);
    const row = desk.locator('tr[data-user]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(accountName);
    await expect(row).toContainText('owner');
    await desk.getByLabel('Search by e-mail or account name').fill('nobody-has-this-name');
    await expect(desk.getByText('No users match.')).toBeVisible();

    await openUser(desk, email);
    const sessions = desk.locator('li[data-session][data-active="true"]');
    await expect(sessions).toHaveCount(2);
    // The newest sign-in, the phone's, comes first.
    await confirm(desk, sessions.first().getByRole('button', { name: 'Close session' }));
    await expect(desk.getByRole('status').filter({ hasText: 'The session is closed' })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(desk.locator('[data-action="session_closed"]')).toContainText(`by ${staff}`);

    await phone.goto('/settings');
    await expect(phone).toHaveURL(/\/auth\/login/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
  });

  test("a user's page shows with its lists and e-mail at once, so nothing on screen moves @mobile", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // An address long enough to wrap the heading at a phone's width.
    const email = newEmail('a-long-address-miner');
    await register(page, email, accountNameOf(email));
    const desk = await signInAsStaff(browser);
    const layoutShift = await recordLayoutShifts(desk);
    await openUser(desk, email);
    const lists = await holdAnswers(desk, '**/users/*/{permissions,sessions,invites}');
    await desk.goto(desk.url());
    await expect(desk.locator('.chart-placeholder')).toBeVisible();
    await expect(desk.getByRole('heading', { name: 'User', level: 1 })).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Profile' })).toHaveCount(0);

    lists.answer();
    await expect(desk.getByRole('heading', { name: email, level: 1 })).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Profile' })).toBeVisible();
    await expect(desk.getByRole('region', { name: 'Sessions' })).toBeVisible();
    await expect(desk.locator('.chart-placeholder')).toHaveCount(0);
    expect(await layoutShift()).toBeLessThan(unseenShift);
  });
});
