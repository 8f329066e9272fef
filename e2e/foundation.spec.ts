import { expect, test } from '@playwright/test';

test.describe('a fresh start', () => {
  test('opening the app without a session lands on sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a promo code link goes to registration with every query parameter', async ({ page }) => {
    await page.goto('/workers?promocode=WELCOME&utm_source=mail');
    await expect(page).toHaveURL(/\/auth\/registration\?promocode=WELCOME&utm_source=mail(&flow=[0-9a-f-]+)?$/);
  });

  test('switching the language to Russian reloads the page in Russian', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').selectOption('ru')]);
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  });

  test('an unknown route shows the not-found page, whose button leads back to main', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    const back = page.getByRole('link', { name: 'Back to main' });
    // Spec 1: the default theme's brand colour is 5b7bdc.
    await expect(back).toHaveCSS('background-color', 'rgb(91, 123, 220)');
    await back.click();
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  });

  test("an operator's customers sign in on a page that carries the operator's title; an unknown title is not found @mobile", async ({
    page,
  }) => {
    await page.goto('/NorthHash/auth');
    await expect(page.getByRole('heading', { name: 'NorthHash' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/no-such-operator/auth');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('legacy routes redirect', async ({ page }) => {
    await page.goto('/operator/customers');
    // The customers page needs a session, so the visitor ends on sign-in, by way of /customers.
    await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
  });

  test('a toast is dismissed by a fast right swipe', async ({ page }) => {
    let version = 'v1';
    await page.route('**/meta/version.json', (route) => route.fulfill({ json: { version } }));
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // A new version was deployed: the re-check on focus offers a reload in a toast.
    version = 'v2';
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const toast = page.getByRole('status').filter({ hasText: 'Please refresh the page' });
    await expect(toast).toBeVisible();

    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    const y = box.y + box.height / 2;
    // A short swipe is not enough (spec 9: more than 80 px).
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, y, { steps: 2 });
    await page.mouse.up();
    await expect(toast).toBeVisible();
    // A long, fast one dismisses it.
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 220, y, { steps: 2 });
    await page.mouse.up();
    await expect(toast).toBeHidden();
  });
});
