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
} from './support/people.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('settings: accounts', () => {
  test('an owner renames a miner, then deletes it after typing its name and the second factor @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = newEmail('settings');
    const accountName = accountNameOf(email);
    await register(page, email, accountName);
    await expect(page.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();
    const used = new Set<string>();
    const secret = await setUpTotp(page, used);

    const title = page.getByLabel(`Title of ${accountName}`);
    await expect(title).toBeEnabled();
    await title.fill('Garage rigs');
    await page.getByRole('button', { name: 'Save title' }).click();
    await expect(page.getByRole('status').filter({ hasText: `The title of ${accountName} is saved` })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Title of ${accountName}`)).toHaveValue('Garage rigs');
    // An owner deletes the account; leaving is for those invited.
    await expect(page.getByRole('button', { name: 'Leave' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the account ${accountName}?` });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: `Delete ${accountName}` });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${accountName} to confirm`).fill(accountName.slice(0, -1));
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type ${accountName} to confirm`).fill(accountName);
    await confirm.click();
    const verification = page.getByRole('dialog', { name: 'Confirm it is you' });
    if (await verification.isVisible({ timeout: 3_000 }).catch(() => false)) {
      await verification.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
      await verification.getByRole('button', { name: 'Verify' }).click();
    }
    await expect(page.getByRole('status').filter({ hasText: `The account ${accountName} is deleted` })).toBeVisible();
    // Without any account the person is asked to name a new one.
    await expect(page).toHaveURL(/\/auth\/name$/);
  });

  test('a person changes the e-mail, verifies the new address with its code and signs in with it @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = newEmail('oldaddress');
    await register(page, email, accountNameOf(email));
    await expect(page.getByRole('heading', { name: 'Protect your account with two-factor' })).toBeVisible();
    await page.goto('/settings');
    const changed = newEmail('newaddress');
    const since = new Date();
    await page.getByLabel('New e-mail').fill(changed);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    // The identity mailed a code to the new address; its verification screen asks for it.
    await expect(page).toHaveURL(/\/auth\/verification\?flow=/);
    await page.getByLabel('Verification code').fill(await codeFromMail(changed, since));
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page.getByText('You successfully verified your email address.')).toBeVisible();

    await page.goto('/settings');
    await expect(page.locator('.facts dd').first()).toHaveText(changed);
    await signOut(page);
    await signInWithPassword(page, changed, strongPassword);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});
