import { expect, test } from '@playwright/test';
import { codeFromMail } from './support/mail.ts';
import {
  accountNameOf,
  freshTotpCode,
  newEmail,
  register,
  setUpTotp,
  signInWithPassword,
  signOut,
  strongPassword,
  totpCode,
} from './support/people.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('sign-up, sign-in and two-factor', () => {
  test('register with a promo code and the terms, verify the e-mail with the mailed code, sign out @mobile', async ({
    page,
  }) => {
    const email = newEmail('reg');
    await page.goto('/auth/registration?promocode=WELCOME10');
    await expect(page.getByLabel('Promo code')).toHaveValue('WELCOME10');
    await page.getByLabel('E-Mail').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    // Spec 5: the rule list is live and the submit stays disabled while a rule fails.
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await password.fill(strongPassword);
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await page.getByLabel(/I agree to the terms of use/).check();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/auth\/name$/);
    await page.getByLabel('Account name').fill('Not Valid!');
    await expect(page.getByText('Only latin lowercase letters, digits and underscores')).toBeVisible();
    await page.getByLabel('Account name').fill(accountNameOf(email));
    await page.getByRole('button', { name: 'Create the account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();

    const since = new Date();
    await page.goto('/auth/verification');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Verification code').fill(await codeFromMail(email, since));
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page.getByText('You successfully verified your email address.')).toBeVisible();

    await page.goto('/');
    await signOut(page);
    await page.goto('/workers');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('recover a password with the code from the e-mail @mobile', async ({ page }) => {
    const email = newEmail('recover');
    await register(page, email, accountNameOf(email));
    await signOut(page);

    const since = new Date();
    await page.goto('/auth/recovery');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Check your spam folder', { exact: false })).toBeVisible();
    await page.getByLabel('Recovery code').fill(await codeFromMail(email, since));
    await page.getByRole('button', { name: 'Continue' }).first().click();

    await expect(page).toHaveURL(/\/auth\/password/);
    await page.getByLabel('Password', { exact: true }).fill('Brand-New-Secret-42');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signOut(page);
    await signInWithPassword(page, email, 'Brand-New-Secret-42');
    await expect(page).toHaveURL(/\/$/);
  });

  test('set up TOTP, sign in again with password then TOTP, and use a backup code only once @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const used = new Set<string>();
    const email = newEmail('totp');
    await register(page, email, accountNameOf(email));
    const secret = await setUpTotp(page, used);

    await page.getByRole('button', { name: 'Generate new backup recovery codes' }).click();
    const codes = page.locator('.lookup-codes code');
    await expect(codes).toHaveCount(12);
    const firstCode = ((await codes.first().textContent()) ?? '').trim();
    await page.getByRole('button', { name: 'Confirm backup recovery codes' }).click();
    await expect(page.getByRole('button', { name: 'Reveal backup recovery codes' })).toBeVisible();

    await signOut(page);
    await signInWithPassword(page, email, strongPassword);
    await expect(page).toHaveURL(/aal=aal2/);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // Spec 5: the code entry is autofocused.
    await expect(page.getByLabel('Authentication code')).toBeFocused();
    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);

    await signOut(page);
    await signInWithPassword(page, email, strongPassword);
    await page.getByRole('button', { name: 'Choose another method' }).click();
    await page.getByRole('button', { name: /Backup code/ }).click();
    await page.getByLabel('Backup code').fill(firstCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);

    await signOut(page);
    await signInWithPassword(page, email, strongPassword);
    await page.getByRole('button', { name: 'Choose another method' }).click();
    await page.getByRole('button', { name: /Backup code/ }).click();
    await page.getByLabel('Backup code').fill(firstCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This backup recovery code has already been used.')).toBeVisible();
    expect(totpCode(secret)).toMatch(/^\d{6}$/);
  });

  test('revoke another session, which is signed out at once @mobile', async ({ page, browser }) => {
    const email = newEmail('sessions');
    await register(page, email, accountNameOf(email));
    const other = await browser.newContext();
    const phone = await other.newPage();
    await signInWithPassword(phone, email, strongPassword);
    await expect(phone).toHaveURL(/\/$/);

    await page.goto('/settings');
    const sessions = page.locator('section', { has: page.getByRole('heading', { name: 'Sessions' }) });
    await expect(sessions.getByText('This device')).toBeVisible();
    await sessions.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);

    await phone.goto('/workers');
    await expect(phone).toHaveURL(/\/auth\/login/);
    await other.close();
  });
});
