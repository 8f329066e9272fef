import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs, signInAsAlice } from './support/demo.ts';
import { holdAnswers } from './support/held-answers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Spec 9: the width of a chart point for each period button. */
const resolutionOf = { '15m': 'PT1M', '1h': 'PT5M', '1d': 'PT20M', '1w': 'PT4H' } as const;

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
}

test.describe('the miner dashboard', () => {
  test('a demo miner sees the hashrate chart and switches every period @mobile', async ({ page }) => {
    await signInAs(page, demo.bob.email);
    const chart = page.getByRole('img', { name: /Hashrate chart of/ });
    await expect(chart).toBeVisible();
    await expect(page.getByText('Current (15 min)')).toBeVisible();
    await expect(page.getByText('bob_mining.rig01', { exact: true })).toBeVisible();

    const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
      permissions: { account_id: string }[];
    };
    const minerId = identity.permissions[0]?.account_id ?? '';
    for (const [button, resolution] of Object.entries(resolutionOf)) {
      await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('button', { name: button, exact: true })).toHaveAttribute('aria-pressed', 'true');
      const period = new URL(page.url()).searchParams.get('period') ?? '';
      const chartOf = async () =>
        (await (await page.request.get(`/api/backend/v0.1/miners/${minerId}/charts?period=${period}`)).json()) as {
          resolution: string;
          points: unknown[];
        };
      expect((await chartOf()).resolution).toBe(resolution);
      // The chart draws every point the API gives (a bucket closing meanwhile adds one).
      await expect
        .poll(async () =>
          (await chart.getAttribute('aria-label'))?.includes(`of ${(await chartOf()).points.length} points`),
        )
        .toBe(true);
    }
    await expectNoAxeViolations(page);
  });

  test("the dashboard's figures draw while the chart's library is still on its way, and the chart follows @mobile", async ({
    page,
  }) => {
    await signInAs(page, demo.bob.email);
    const library = await holdAnswers(page, '**/assets/uPlot.min-*.js');
    await page.goto('/');
    // The figures themselves, not the dashes that keep their places while they load.
    await expect(page.locator('.stat', { hasText: 'Current (15 min)' }).locator('.figure-value')).toHaveText(/H\/s/);
    await expect(page.getByText('bob_mining.rig01', { exact: true })).toBeVisible();
    const chart = page.getByRole('img', { name: /Hashrate chart of/ });
    const placeholder = page.locator('.chart-card .chart-placeholder');
    await expect(placeholder).toBeVisible();
    await expect(chart).toHaveCount(0);
    const legend = await page.locator('.chart-legend').boundingBox();
    library.answer();
    await expect(chart).toBeVisible();
    await expect(placeholder).toHaveCount(0);
    // The placeholder is as tall as the chart at this width (200 px on a phone), so nothing moves.
    expect((await page.locator('.chart-legend').boundingBox())?.y).toBeCloseTo(legend?.y ?? -1, 0);
  });

  test("a worker's own chart opens from its row and closes again @mobile", async ({ page }) => {
    await signInAs(page, demo.bob.email);
    await page.goto('/workers');
    const open = page.getByRole('button', { name: 'Chart of bob_mining.bob-s19-1' });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const chart = page.getByRole('img', { name: /^Hashrate of bob_mining\.bob-s19-1 chart of \d+ points/ });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())?.height).toBeGreaterThanOrEqual(200);
    await open.click();
    await expect(chart).toHaveCount(0);
  });

  test('the status counts land without moving the worker list, at the widths of phones', async ({ page }) => {
    await signInAs(page, demo.bob.email);
    const counts = await holdAnswers(page, '**/api/backend/v0.1/miners/*/workers/statuses**');
    const list = await holdAnswers(page, '**/api/backend/v0.1/miners/*/workers?**');
    const placeholder = page.locator('.chart-placeholder');
    const all = page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /All/ });
    // 412 px is Lighthouse's phone: there the "…" of five filters wrapped onto a third row, and the
    // counts brought them back to two, moving the list's place up 36 px.
    for (const width of [360, 390, 412, 600]) {
      counts.hold();
      await page.setViewportSize({ width, height: 860 });
      await page.goto('/workers');
      await expect(placeholder).toBeVisible();
      await expect(all).toContainText('…');
      const before = (await placeholder.boundingBox())?.y;
      counts.answer();
      await expect(all).not.toContainText('…');
      expect((await placeholder.boundingBox())?.y, `${width} px`).toBeCloseTo(before ?? -1, 0);
      // The pager comes with the list, not under its placeholder.
      await expect(page.locator('.pager')).toHaveCount(0);
    }
    list.answer();
    await expect(page.locator('tbody tr[data-worker]').first()).toBeVisible();
    await expect(page.locator('.pager')).toBeVisible();
  });

  test('workers filter by each status and sort by each key both ways, in the order the API gives @mobile', async ({
    page,
  }) => {
    // The operator sees the workers of its customers, among them one that went off.
    await signInAs(page, demo.operator.email);
    await page.goto('/workers');
    const rows = page.locator('tbody tr[data-worker]');
    await expect(rows.first()).toBeVisible();

    for (const status of ['Stable', 'Unavailable', 'Off', 'Removed']) {
      const filter = page
        .getByRole('group', { name: 'Filter by status' })
        .getByRole('button', { name: new RegExp(status) });
      const count = Number(await filter.locator('.count').textContent());
      await filter.click();
      await expect(filter).toHaveAttribute('aria-pressed', 'true');
      await expect(rows).toHaveCount(Math.min(count, 50));
      for (const row of await rows.all()) await expect(row).toHaveAttribute('data-status', status.toLowerCase());
      await filter.click();
    }

    const sortKeys = [
      ['Worker', 'worker_name'],
      ['15 min', 'hash_rate_15m'],
      ['1 hour', 'hash_rate_1h'],
      ['24 hours', 'hash_rate_24h'],
      ['Rejects', 'reject_pct_15m'],
    ] as const;
    // The order the API gives for the same query, asked independently of the page.
    const identity = (await (await page.request.get('/api/backend/v0.1/identity')).json()) as {
      permissions: { type: string; account_id: string }[];
    };
    const operatorId = identity.permissions.find((permission) => permission.type === 'operator')?.account_id ?? '';
    for (const [label, key] of sortKeys) {
      for (let turn = 0; turn < 2; turn += 1) {
        await page.getByRole('button', { name: label, exact: true }).click();
        await expect(page).toHaveURL(key === 'worker_name' ? /\/workers/ : new RegExp(`sort=${key}`));
        const direction = new URL(page.url()).searchParams.get('direction') ?? 'asc';
        const header = page.locator(`th[aria-sort="${direction === 'asc' ? 'ascending' : 'descending'}"]`);
        await expect(header).toContainText(label);
        const api = (await (
          await page.request.get(
            `/api/backend/v0.1/operators/${operatorId}/workers?sort=${key}&direction=${direction}&per_page=50`,
          )
        ).json()) as { items: { worker_name: string }[] };
        await expect
          .poll(() => rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-worker'))))
          .toEqual(api.items.map((worker) => worker.worker_name));
      }
    }
    await expectNoAxeViolations(page);
  });

  test('a watcher link shows the same hashrate as the owner sees, read-only @mobile', async ({ page, browser }) => {
    await signInAsAlice(page);
    await page.goto('/access-control');
    await page.getByLabel('Name', { exact: true }).fill(`Investor ${test.info().project.name}`);
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link created' })).toBeVisible();
    // Shown once, right after its creation: the server keeps only a hash of the token.
    await page
      .getByRole('group', { name: /will not be shown again/ })
      .getByRole('button', { name: 'Copy link' })
      .click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await page.goto('/');
    const ownerFigure = page.locator('.stat', { hasText: '24 hours' }).locator('.figure-value');

    const fresh = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const visitor = await fresh.newPage();
    await visitor.goto(link);
    await expect(visitor.getByText('Read-only view')).toBeVisible();
    const watcherFigure = visitor.locator('.stat', { hasText: '24 hours' }).locator('.figure-value');
    // Both read the same closed buckets; a bucket closing in between is waited out by reloading.
    await expect
      .poll(async () => {
        await Promise.all([page.reload(), visitor.reload()]);
        // Read once the figures have landed: the dashes that hold their places are equal too.
        await expect(ownerFigure).toHaveText(/H\/s/);
        await expect(watcherFigure).toHaveText(/H\/s/);
        const [owner, watcher] = [await ownerFigure.textContent(), await watcherFigure.textContent()];
        return owner === watcher;
      })
      .toBe(true);
    await expect(visitor.getByText('Connect your workers')).toHaveCount(0);
    // Nothing makes the page scroll sideways, down to a phone's width.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(visitor.viewportSize()?.width);
    // The header's chip and language switcher leave the pool's mark whole: the name gives way.
    expect((await visitor.locator('.brand-mark').boundingBox())?.width).toBe(24);
    await visitor.getByRole('link', { name: 'Workers' }).click();
    await expect(visitor.locator('tbody tr[data-worker]').first()).toBeVisible();
    await expectNoAxeViolations(visitor);
    await fresh.close();
  });

  test('the chart moves on by itself when a minute closes: pushed by the server, never polled', async ({ page }) => {
    test.setTimeout(120_000);
    const chartCalls: number[] = [];
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/charts?period=PT15M')) chartCalls.push(Date.now());
      if (request.url().includes('/events')) streams.push(request.url());
    });
    await signInAs(page, demo.bob.email);
    await page.goto('/?period=PT15M');
    await expect(page.getByRole('img', { name: /Hashrate chart of/ })).toBeVisible();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    const loaded = chartCalls.length;
    // No timer asks again; the next request can only come from the server's buckets_closed event.
    await expect.poll(() => chartCalls.length, { timeout: 80_000, intervals: [1000] }).toBeGreaterThan(loaded);
    await expect(page.getByRole('img', { name: /Hashrate chart of/ })).toBeVisible();
  });

  test('below 1024 px the navigation strip scrolls the current page’s tab into view @mobile', async ({ page }) => {
    await signInAs(page, demo.bob.email);
    const strip = page.getByRole('navigation', { name: 'Sections' });
    const last = strip.getByRole('link').last();
    await expect(last).toBeVisible();
    await page.goto((await last.getAttribute('href')) ?? '/');
    const current = strip.locator('[aria-current="page"]');
    await expect(current).toHaveAttribute('href', (await last.getAttribute('href')) ?? '');
    // The strip overflows a phone's width, so the last tab is in view only because the strip scrolled.
    const overflows = await strip.evaluate((nav) => nav.scrollWidth > nav.clientWidth);
    expect(overflows).toBe((page.viewportSize()?.width ?? 0) < 1024);
    await expect
      .poll(async () => {
        const [tab, nav] = await Promise.all([current.boundingBox(), strip.boundingBox()]);
        return !!tab && !!nav && tab.x >= nav.x && tab.x + tab.width <= nav.x + nav.width + 0.5;
      })
      .toBe(true);
  });
});
