import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { accountNameOf, freshTotpCode, newEmail, register, setUpTotp } from './support/people.ts';

/** The e2e server's privileged window (playwright.config.ts): past it, critical changes ask again. */
const privilegedWindowMs = 30_000;
const screenshots = process.env.E2E_SCREENSHOTS;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Mainnet addresses (the demo pool's network): bech32 P2WPKH and base58 P2PKH. */
const addressOf: Record<string, string> = {
  desktop: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  mobile: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
};

test.describe('payouts: a miner', () => {
  test('sets a payout address through the verification dialog and sees the one-day stop @mobile', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A miner of its own: the demo's people are shared by every journey, and the server refuses a
    // TOTP code twice, so two journeys signing in as one person would race for the same code.
    const used = new Set<string>();
    const email = newEmail('payout');
    await register(page, email, accountNameOf(email));
    const secret = await setUpTotp(page, used);
    await page.waitForTimeout(privilegedWindowMs + 1000);

    // From the dashboard's balance card to the settings' payout section.
    await page.goto('/');
    await page.getByRole('link', { name: 'Payout settings' }).click();
    // The settings page adds its identity flow to the address, so only the path is certain.
    await expect(page).toHaveURL(/\/settings/);
    const section = page.getByRole('region', { name: 'Payout settings' });
    await expect(section.getByText('0 means no limit')).toBeVisible();

    const field = section.getByLabel('Wallet address');
    await field.fill('bc1qthisisnotanaddress');
    await section.getByRole('button', { name: 'Save' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Authentication code').fill(await freshTotpCode(secret, used));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText("This address is not valid for bitcoin on this pool's network")).toBeVisible();

    const address = addressOf[testInfo.project.name] ?? addressOf.desktop!;
    await field.fill(address);
    await section.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Wallet address saved')).toBeVisible();
    await expect(section.getByRole('status')).toContainText('Payouts are stopped until');
    await expect(section.getByRole('status')).toContainText('stops payouts for a day');
    await expect(field).toHaveValue(address);

    const axe = await new AxeBuilder({ page }).include('#payout-settings').analyze();
    expect(axe.violations).toEqual([]);
    if (screenshots)
      await page.screenshot({ path: `${screenshots}/payout-settings-${testInfo.project.name}.png`, fullPage: true });
  });
});
