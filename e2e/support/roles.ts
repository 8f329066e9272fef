import { expect, type Browser, type Page } from '@playwright/test';
import type { InvitableRole } from '@pool/contract/access-management';
import { demo } from './demo.ts';
import { codeFromMail, mailTo } from './mail.ts';
import { freshTotpCode, newEmail, signInWithPassword, strongPassword } from './people.ts';

/** Someone with a role on alice's demo miner, who signs in with `strongPassword`. */
export interface RoleHolder {
  role: InvitableRole;
  email: string;
}

/** TOTP codes alice used here: the identity service refuses a code twice. */
const aliceCodes = new Set<string>();

/**
 * Alice's sign-in with her authenticator. Another test process may have used this window's code
 * already (each project runs in its own worker), so a refused code is tried again with the next.
 */
async function signInAsAlice(page: Page): Promise<void> {
  await signInWithPassword(page, demo.alice.email, demo.password);
  await expect(page).toHaveURL(/aal=aal2/);
  for (let attempt = 0; ; attempt += 1) {
    await page.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, aliceCodes));
    await page.getByRole('button', { name: 'Verify' }).click();
    try {
      await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt > 0) throw error;
    }
  }
}

/** Alice invites through her access-control screen; a critical change may ask for her second factor. */
async function invite(page: Page, email: string, role: InvitableRole): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  const listed = page.getByRole('listitem').filter({ hasText: email });
  await expect(dialog.or(listed)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, aliceCodes));
    await dialog.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(listed).toBeVisible();
}

/**
 * The invitee signs up on their own (an identity without any account, so registration stops at the
 * account-name step) and verifies the address, then opens the invitation e-mail signed in and
 * accepts it: their only account is then alice's, with the invited role.
 */
async function accept(browser: Browser, holder: RoleHolder, since: Date): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signUpStarted = new Date();
  await page.goto('/auth/registration');
  await page.getByLabel('E-Mail').fill(holder.email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword);
  await page.getByLabel(/I agree to the terms of use/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\/name$/);
  // An invitation is accepted only by someone whose address is verified. Registration mails a code
  // of its own, for its own flow: wait for it first, so it is never taken for the code sent below.
  await codeFromMail(holder.email, signUpStarted);
  const verificationSent = new Date();
  await page.goto('/auth/verification');
  await page.getByLabel('Email').fill(holder.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Verification code').fill(await codeFromMail(holder.email, verificationSent));
  await page.getByRole('button', { name: 'Continue' }).first().click();
  await expect(page.getByText('You successfully verified your email address.')).toBeVisible();

  const mail = await mailTo(holder.email, since, (candidate) => candidate.text.includes('/invitation?token='));
  const link = mail.text.match(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/)?.[0] ?? '';
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
}

/** Alice (demo owner of `alice_hash`) invites one person per role; each accepts. */
export async function peopleWithRolesOnAlice(browser: Browser, roles: readonly InvitableRole[]): Promise<RoleHolder[]> {
  const holders = roles.map((role) => ({ role, email: newEmail(role) }));
  const since = new Date();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAlice(page);
  await page.goto('/access-control');
  for (const holder of holders) await invite(page, holder.email, holder.role);
  await context.close();
  for (const holder of holders) await accept(browser, holder, since);
  return holders;
}
