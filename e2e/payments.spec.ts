import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, signInAs, signInAsAlice } from './support/demo.ts';

const api = '/api/backend/v0.1';

interface Payment {
  id: string;
  type: string;
  direction: 'incoming' | 'outgoing';
  status: string;
  amount: number;
  created_at: string;
  reward: {
    day: string;
    hash_rate: number;
    rate: number;
    gross: number;
    fee_percent: number;
    fee: number;
    shared: number;
    net: number;
  } | null;
}
interface PaymentsPage {
  items: Payment[];
  total: number;
}

/** "0.00012345 BTC" from integer satoshis, as the screens write it in English. */
function btc(satoshis: number): string {
  const whole = Math.trunc(satoshis / 1e8).toLocaleString('en-US');
  return `${whole}.${String(satoshis % 1e8).padStart(8, '0')} BTC`;
}

/** RFC 4180: fields split by commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function minerIdOf(request: APIRequestContext): Promise<string> {
  const identity = (await (await request.get(`${api}/identity`)).json()) as {
    permissions: { type: string; account_id: string }[];
  };
  return identity.permissions.find((permission) => permission.type === 'miner')?.account_id ?? '';
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}

/** The money card of the dashboard titled `title`. */
const moneyCard = (page: Page, title: string) =>
  page.locator('.money-stat').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('payments', () => {
  // Two browsers, a download and accessibility checks each: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test('a miner sees balance and rewards, checks a reward to the satoshi and downloads a CSV whose rows match the list @mobile', async ({
    page,
  }) => {
    await signInAs(page, demo.bob.email);
    const minerId = await minerIdOf(page.request);
    const read = async <T>(path: string): Promise<T> =>
      (await (await page.request.get(`${api}/miners/${minerId}/${path}`)).json()) as T;

    // The demo credited its simulated history on first start: bob has a balance, shown to the satoshi.
    const { balance } = await read<{ balance: number }>('balance');
    expect(balance).toBeGreaterThan(0);
    await expect(moneyCard(page, 'Balance').locator('.figure-value')).toHaveText(btc(balance));
    const earned = await read<{ amount: number }>('earned-all-time');
    await expect(moneyCard(page, 'Earned all time').locator('.figure-value')).toHaveText(btc(earned.amount));
    await expect(moneyCard(page, 'Processing earnings').locator('.figure-value')).toHaveText(/^\d[\d,]*\.\d{8} BTC$/);
    // Fiat is shown only at a known rate: never a zero standing in for an unknown one.
    await expect(page.getByText(/≈ (\$|₽)0\.00$/)).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    const rows = page.locator('tbody tr[data-payment]');
    await page
      .getByRole('group', { name: 'Filter by type' })
      .getByRole('button', { name: 'Reward', exact: true })
      .click();
    await expect(page).toHaveURL(/type=reward/);
    const rewards = await read<PaymentsPage>('payments?type=reward&per_page=20');
    // The simulated week is credited up to the last settled day: yesterday from 09:00 UTC, the day before until then.
    expect(rewards.total).toBeGreaterThanOrEqual(new Date().getUTCHours() >= 9 ? 7 : 6);
    await expect(rows).toHaveCount(Math.min(rewards.total, 20));
    await expect(rows.first()).toHaveAttribute('data-payment', rewards.items[0]?.id ?? '');

    // The newest reward's breakdown: gross = ⌊TH/s × rate⌋, fee = ⌊gross × percent⌋, net = gross − fee = the amount.
    const newest = rewards.items[0];
    const breakdown = newest?.reward;
    if (!newest || !breakdown) throw new Error('a reward without its breakdown');
    expect(breakdown.gross).toBe(Math.floor((breakdown.hash_rate / 1e12) * breakdown.rate + 1e-9));
    expect(breakdown.fee).toBe(Math.floor((breakdown.gross * Math.round(breakdown.fee_percent * 100)) / 10_000));
    expect(breakdown.net).toBe(breakdown.gross - breakdown.fee);
    expect(newest.amount).toBe(breakdown.net);
    await rows
      .first()
      .getByRole('button', { name: /Breakdown of the reward/ })
      .click();
    const facts = page.locator('.reward-breakdown');
    await expect(facts.locator('.fact', { hasText: 'Gross' }).locator('dd')).toHaveText(btc(breakdown.gross));
    await expect(facts.locator('.fact', { hasText: /^Fee\d/ }).locator('dd')).toHaveText(btc(breakdown.fee));
    await expect(facts.locator('.fact', { hasText: 'Net' }).locator('dd')).toHaveText(btc(breakdown.net));
    await expect(rows.first()).toContainText(btc(newest.amount));

    // Every payment of the last 7 days, as the list shows them, is a row of the 7-day export.
    await page.getByRole('group', { name: 'Filter by type' }).getByRole('button', { name: 'All types' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    const since = Date.now() - 7 * 86_400_000;
    const all = await read<PaymentsPage>('payments?per_page=100');
    const recent = all.items.filter((payment) => Date.parse(payment.created_at) >= since);
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export CSV' }).getByRole('button', { name: '7 days' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-bob_mining-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parseCsv(await readFile((await download.path()) ?? '', 'utf8'));
    const column = (name: string) => {
      const index = header?.indexOf(name) ?? -1;
      expect(index, `the CSV has a ${name} column: ${header?.join(',')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const [id, type, amount] = [column('id'), column('type'), column('amount_btc')];
    const exported = lines.filter((line) => line.length > 1);
    expect(exported.map((line) => line[id]).sort()).toEqual(recent.map((payment) => payment.id).sort());
    for (const line of exported) {
      const payment = recent.find((candidate) => candidate.id === line[id]);
      expect(line[type]).toBe(payment?.type);
      // Amounts in BTC with 8 decimals, signed by direction or not, equal the list's to the satoshi.
      expect(line[amount]?.replace(/^[-+]/, '')).toBe(btc(payment?.amount ?? -1).replace(' BTC', ''));
      const row = page.locator(`tbody tr[data-payment="${line[id]}"]`);
      if ((await row.count()) > 0) await expect(row).toContainText(btc(payment?.amount ?? -1));
    }
    await expectNoAxeViolations(page);
  });

  test('a watcher link with Payments shows balance and payments; one without shows neither @mobile', async ({
    page,
    browser,
  }) => {
    await signInAsAlice(page);
    const minerId = await minerIdOf(page.request);
    const create = async (name: string, access: string[]): Promise<string> => {
      const created = await page.request.post(`${api}/miners/${minerId}/watchers`, { data: { name, access } });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { token: string }).token;
    };
    const project = test.info().project.name;
    const withPayments = await create(`Accountant ${project}`, ['Payments']);
    const withoutPayments = await create(`Mechanic ${project}`, ['Workers']);
    const aliceBalance = (
      (await (await page.request.get(`${api}/miners/${minerId}/balance`)).json()) as {
        balance: number;
      }
    ).balance;

    const fresh = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const visitor = await fresh.newPage();
    await visitor.goto(`/watch/${withPayments}`);
    await expect(visitor.getByText('Read-only view')).toBeVisible();
    await expect(moneyCard(visitor, 'Balance').locator('.figure-value')).toHaveText(btc(aliceBalance));
    await visitor.getByRole('link', { name: 'Payments' }).first().click();
    await expect(visitor).toHaveURL(new RegExp(`/watch/${withPayments}/payments$`));
    const listed = (await (
      await visitor.request.get(`${api}/miners/${minerId}/payments?per_page=100`, {
        headers: { 'X-Watcher-Token': withPayments },
      })
    ).json()) as PaymentsPage;
    expect(listed.total).toBeGreaterThan(0);
    await expect(visitor.locator('tbody tr[data-payment]')).toHaveCount(Math.min(listed.total, 20));
    // The export too: fetched with the link's token in its header, never in an address.
    const downloading = visitor.waitForEvent('download');
    await visitor.getByRole('group', { name: 'Export CSV' }).getByRole('button', { name: '30 days' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payments-alice_hash-30d-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parseCsv(await readFile((await download.path()) ?? '', 'utf8'));
    const ids = lines.map((line) => line[header?.indexOf('id') ?? -1]);
    const monthAgo = Date.now() - 30 * 86_400_000;
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual(
      listed.items
        .filter((payment) => Date.parse(payment.created_at) >= monthAgo)
        .map((payment) => payment.id)
        .sort(),
    );
    await expectNoAxeViolations(visitor);

    await visitor.goto(`/watch/${withoutPayments}`);
    await expect(visitor.getByText('Read-only view')).toBeVisible();
    await expect(visitor.getByRole('img', { name: /Hashrate chart of/ })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Balance', exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    // The address alone opens nothing: the guard sends the link back to its dashboard, the API refuses.
    await visitor.goto(`/watch/${withoutPayments}/payments`);
    await expect(visitor).toHaveURL(new RegExp(`/watch/${withoutPayments}$`));
    await expect(visitor.locator('tbody tr[data-payment]')).toHaveCount(0);
    const refused = await visitor.request.get(`${api}/miners/${minerId}/payments`, {
      headers: { 'X-Watcher-Token': withoutPayments },
    });
    expect(refused.status()).toBe(403);
    await fresh.close();
  });
});
