import type { ChildProcess } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fakeTelegram, type FakeTelegram } from '../apps/server/test/support/fake-telegram.ts';
import { demo, signInAs } from './support/demo.ts';
import { startDemoServer } from './support/demo-server.ts';
import { appPort, smtpPort } from './support/environment.ts';
import { holdAnswers } from './support/held-answers.ts';
import { recordLayoutShifts, unseenShift } from './support/layout-shifts.ts';
import { mailTo } from './support/mail.ts';
import { accountNameOf, freshTotpCode, newEmail, register, setUpTotp, signInWithPassword } from './support/people.ts';

const screenshots = process.env.E2E_SCREENSHOTS;
const botToken = '7000001:AAH-e2e-token-0123456789abcdefghij';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('notifications: Telegram', () => {
  /**
   * A pool server of its own whose clock (DEMO_CLOCK) starts at 13:58 UTC today, with its bot on a
   * local Bot API stand-in: alice links her chat before the 14:00 withdrawal, which then pays out
   * her balance and the bot tells her so.
   */
  const clockStart = `${new Date().toISOString().slice(0, 10)}T13:58:00Z`;
  let server: ChildProcess | undefined;
  let telegram: FakeTelegram | undefined;
  let origin = '';
  const chatId = 5_550_001;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    telegram = await fakeTelegram({ token: botToken, port: appPort + 8, username: 'demo_pool_bot' });
    const port = appPort + 5;
    origin = `http://localhost:${port}`;
    server = await startDemoServer(port, {
      DEMO_CLOCK: clockStart,
      TELEGRAM_BOT_TOKEN: botToken,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
  });

  test.afterAll(async () => {
    server?.kill();
    await telegram?.close();
  });

  async function signInAsAlice(page: Page): Promise<void> {
    await signInWithPassword(page, demo.alice.email, demo.password);
    await expect(page).toHaveURL(/aal=aal2/);
    await page.getByLabel('Authentication code').fill(await freshTotpCode(demo.alice.totpSecret, new Set()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);
  }

  test('a person links Telegram with the one-time link and receives the 14:00 payout there', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await signInAsAlice(page);
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText('No other pool debounces offline alerts like this.', { exact: false })).toBeVisible();

    // Payouts are off by default; alice wants them in Telegram.
    const payouts = page.getByRole('switch', { name: 'Payouts by Telegram' });
    await expect(payouts).not.toBeChecked();
    await payouts.click();
    await expect(payouts).toBeChecked();

    const section = page.getByRole('region', { name: 'Telegram' });
    await section.getByRole('button', { name: 'Make a Telegram link' }).click();
    const link = section.getByRole('link', { name: /^https:\/\/t\.me\/demo_pool_bot\?start=/ });
    await expect(link).toBeVisible();
    await expect(section.getByRole('img', { name: 'QR code of the Telegram link' }).locator('svg')).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    if (screenshots) await page.screenshot({ path: `${screenshots}/notifications-invite-desktop.png`, fullPage: true });

    // Alice opens the link in Telegram and presses Start: the bot links her chat and says so.
    telegram?.pressStart(href, chatId, 'alice_miner');
    expect(await telegram?.messageTo(chatId, (text) => text.startsWith('Done'))).toContain('notifications');
    await expect(section.getByText(/Notices go to @alice_miner/)).toBeVisible({ timeout: 15_000 });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations).toEqual([]);

    // 14:00 on the server's clock: the withdrawal pays alice's balance out, and the bot tells her.
    const message = await telegram?.messageTo(chatId, (text) => text.includes('Payout created'), 200_000);
    expect(message).toMatch(/A payout of \d+\.\d{8} BTC was created\./);
    expect(message).toContain('Account: alice_hash');
    if (screenshots) await page.screenshot({ path: `${screenshots}/notifications-linked-desktop.png`, fullPage: true });

    // Unlinking: the chat is gone and a new link can be made.
    await section.getByRole('button', { name: 'Unlink Telegram' }).click();
    await expect(section.getByRole('button', { name: 'Make a Telegram link' })).toBeVisible();
    await context.close();
  });
});

test.describe('notifications: e-mail', () => {
  test('a Russian-speaking person who changes the payout address gets the security e-mail in Russian @mobile', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const used = new Set<string>();
    const email = newEmail('notify-ru');
    await register(page, email, accountNameOf(email));
    const secret = await setUpTotp(page, used);

    // The language is saved to the server when the person picks it (spec 4); the page reloads.
    await page.goto('/');
    await page.getByRole('button', { name: 'Your menu' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('ru')]);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Настройки выплат' });
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const since = new Date();
    await section.getByLabel('Адрес кошелька').fill(address);
    await section.getByRole('button', { name: 'Сохранить' }).first().click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      await dialog
        .getByRole('textbox')
        .first()
        .fill(await freshTotpCode(secret, used));
      await dialog.getByRole('button').last().click();
    }
    await expect(section.getByLabel('Адрес кошелька')).toHaveValue(address);

    const mail = await mailTo(email, since, (candidate) => candidate.subject.includes('адрес выплат изменён'), 30_000);
    expect(mail.subject).toContain('Безопасность: адрес выплат изменён');
    expect(mail.text).toContain(`Новый адрес: ${address}`);
    expect(mail.text).toMatch(/Когда: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail.text).toMatch(/Откуда: \S+/);
    expect(mail.text).toContain(`Кто: ${email}`);
    expect(mail.text).toContain('Если это были не вы');

    // The preferences in Russian; this server has no bot, so Telegram says it is not configured.
    await page.goto('/settings/notifications');
    await expect(page.getByText('Telegram в этом пуле не настроен', { exact: false })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Адрес выплат изменён: E-mail' })).toBeChecked();
    if (screenshots)
      await page.screenshot({
        path: `${screenshots}/notifications-ru-${testInfo.project.name}.png`,
        fullPage: true,
      });
  });
});

test.describe('notifications: the page', () => {
  test('the table stands at its full height while the switches load, so nothing under it moves when they land @mobile', async ({
    page,
  }) => {
    const layoutShift = await recordLayoutShifts(page);
    await signInAs(page, demo.bob.email);
    const preferences = await holdAnswers(page, '**/notifications/preferences');

    await page.goto('/settings/notifications');
    const note = page.locator('[data-offline-note]');
    await expect(note).toBeVisible();
    await expect(page.getByRole('rowheader', { name: /Workers offline and back/ })).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(0);
    const before = await note.boundingBox();

    preferences.answer();
    await expect(page.getByRole('switch', { name: 'Workers offline and back by E-mail', exact: true })).toBeVisible();
    expect(await note.boundingBox()).toEqual(before);
    // Nothing on the page moved, the Telegram card appearing below it included.
    expect(await layoutShift()).toBeLessThan(unseenShift);
  });
});
