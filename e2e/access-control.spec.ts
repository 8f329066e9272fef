import { expect, test, type Page } from '@playwright/test';
import { mailTo } from './support/mail.ts';
import { accountNameOf, freshTotpCode, newEmail, register, setUpTotp, signOut } from './support/people.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The e2e server's privileged window (playwright.config.ts): past it, critical changes ask again. */
const privilegedWindowMs = 30_000;

async function createWatcherLink(page: Page, name: string): Promise<void> {
  await page.goto('/access-control');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create link' }).click();
}

/** The new link, shown once after its creation (only a hash of its token is kept), by its Copy button. */
async function copyNewLink(page: Page): Promise<string> {
  const shown = page.getByRole('group', { name: /will not be shown again/ });
  await shown.getByRole('button', { name: 'Copy link' }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function passVerificationDialog(page: Page, secret: string, used: Set<string>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('access control', () => {
  test('a critical change asks for the second factor once the window passed, then is retried @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const used = new Set<string>();
    const email = newEmail('stepup');
    await register(page, email, accountNameOf(email));
    const secret = await setUpTotp(page, used);
    await page.waitForTimeout(privilegedWindowMs + 1000);

    await createWatcherLink(page, 'Investor');
    await passVerificationDialog(page, secret, used);
    // The refused call ran again by itself: the link exists without a second click.
    await expect(page.getByRole('cell', { name: 'Investor' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Link created' })).toBeVisible();
    await expect(page.getByRole('group', { name: /will not be shown again/ })).toBeVisible();
  });

  test('without two-factor the verification dialog shows only its title and the banner @mobile', async ({ page }) => {
    const email = newEmail('no2fa');
    await register(page, email, accountNameOf(email));
    await createWatcherLink(page, 'Partner');
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();
    await expect(dialog.getByLabel('Authentication code')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('cell', { name: 'Partner' })).toHaveCount(0);
  });

  test('a watcher link opens read-only in a fresh browser, and revoking it closes it at once @mobile', async ({
    page,
    browser,
  }) => {
    const used = new Set<string>();
    const email = newEmail('watch');
    await register(page, email, accountNameOf(email));
    await setUpTotp(page, used);
    await createWatcherLink(page, 'Monitor');
    await expect(page.getByRole('cell', { name: 'Monitor' })).toBeVisible();
    // The current section's tab is on screen, even where the tabs scroll sideways (390 px).
    const here = await page
      .getByRole('navigation', { name: 'Sections' })
      .locator('[aria-current="page"]')
      .boundingBox();
    expect(here && here.x >= 0 && here.x + here.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
    const link = await copyNewLink(page);
    expect(link).toMatch(/\/watch\/[A-Za-z0-9_-]{43}$/);
    // The list knows the link by name, access, creator and date: the token is not shown again.
    await expect(page.getByRole('row', { name: /Monitor/ })).toContainText(email);
    await page.reload();
    await expect(page.getByRole('row', { name: /Monitor/ })).toBeVisible();
    await expect(page.getByText(link)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);

    const fresh = await browser.newContext();
    const visitor = await fresh.newPage();
    await visitor.goto(link);
    await expect(visitor.getByText('Read-only view')).toBeVisible();
    await expect(visitor).toHaveURL(link);

    await page
      .getByRole('row', { name: /Monitor/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('cell', { name: 'Monitor' })).toHaveCount(0);
    await visitor.reload();
    // Spec 5: a failed watcher token goes to main, which needs a session, so sign-in.
    await expect(visitor).toHaveURL(/\/auth\/login(\?|$)/);
    await fresh.close();
  });

  test('an invited viewer sets a password and two-factor, and sees only mining data @mobile', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const used = new Set<string>();
    const owner = newEmail('owner');
    await register(page, owner, accountNameOf(owner));
    await setUpTotp(page, used);
    const viewer = newEmail('viewer');
    const since = new Date();
    await page.goto('/access-control');
    await page.getByLabel('E-mail').fill(viewer);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: viewer })).toBeVisible();
    await signOut(page);

    const mail = await mailTo(viewer, since, (candidate) => candidate.text.includes('/invitation?token='));
    const link = mail.text.match(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
    const fresh = await browser.newContext();
    const invitee = await fresh.newPage();
    await invitee.goto(link);
    await invitee.getByLabel(/I agree to the terms of use/).check();
    await invitee.getByRole('button', { name: 'Continue' }).click();
    await invitee.getByLabel('Password', { exact: true }).fill('Viewer-Secret-3381');
    await invitee.getByRole('button', { name: 'Save' }).click();
    await setUpTotpOnInvitation(invitee, used);
    await invitee.getByRole('button', { name: 'Accept and open the dashboard' }).click();
    await expect(invitee).toHaveURL(/\/$/);

    const nav = invitee.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link', { name: 'Workers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Access control' })).toHaveCount(0);
    await invitee.goto('/payments');
    await expect(invitee).toHaveURL(/\/$/);
    await fresh.close();
  });
});

async function setUpTotpOnInvitation(page: Page, used: Set<string>): Promise<void> {
  const secret = (await page.locator('[data-node="totp_secret_key"] code').textContent())?.trim() ?? '';
  await page.getByLabel('Verify code').fill(await freshTotpCode(secret, used));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Your authenticator app is set up.')).toBeVisible();
}
