import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@pool/db/database';
import { openTestDatabase, testDatabaseKinds } from '@pool/db/testing';
import type { RunningServer } from '../src/server.ts';
import { startTestServer } from './support/server.ts';
import { TestBrowser } from './support/browser.ts';

interface FlowJson {
  id: string;
  ui: { nodes: { attributes: { name?: string; value?: unknown } }[] };
}

/** One recovery code request from a client that writes its own X-Forwarded-For left of the proxy's. */
async function askForRecoveryCode(origin: string, attempt: number, forwardedFor: string): Promise<number> {
  const browser = new TestBrowser(origin);
  const forwarded = { 'x-forwarded-for': forwardedFor };
  const flow = await browser.json<FlowJson>('/identity/self-service/recovery/browser', { headers: forwarded });
  if (flow.status !== 200) return flow.status;
  const csrf_token = flow.body.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
  const sent = await browser.json(`/identity/self-service/recovery?flow=${flow.body.id}`, {
    method: 'POST',
    headers: forwarded,
    body: JSON.stringify({ method: 'code', email: `nobody-${attempt}@example.test`, csrf_token }),
  });
  return sent.status;
}

describe.each(testDatabaseKinds)('behind a reverse proxy on %s', (kind) => {
  let database: Database;
  let server: RunningServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('finding 8: with TRUST_PROXY=1 the client address is the one the proxy appended, not the left-most value', async () => {
    // Recovery allows 20 code requests per IP in 10 minutes; rotating the left-most value must not reset it.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++)
      statuses.push(await askForRecoveryCode(server.listeningOn, attempt, `10.66.${attempt}.7, 127.0.0.1`));
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('finding 8: different clients behind the proxy keep limits of their own', async () => {
    // Fastify alone trusts nothing for a hop count: every visitor would share the proxy's limit.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++)
      statuses.push(await askForRecoveryCode(server.listeningOn, 100 + attempt, `10.77.${attempt}.9`));
    expect(statuses).toEqual(Array<number>(22).fill(200));
  });

  it('finding 14: /metrics without METRICS_TOKEN refuses even loopback peers when TRUST_PROXY is set', async () => {
    const response = await fetch(`${server.listeningOn}/metrics`);
    expect(response.status).toBe(403);
  });
});

describe.each(testDatabaseKinds)('metrics behind a proxy with a token on %s', (kind) => {
  let database: Database;
  let server: RunningServer;
  const token = 'metrics-token-behind-proxy';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database, { TRUST_PROXY: '1', METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('finding 14: the scraper with the token gets in, a loopback peer without it does not', async () => {
    expect((await fetch(`${server.listeningOn}/metrics`)).status).toBe(403);
    const scraped = await fetch(`${server.listeningOn}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_request_duration_seconds');
  });
});

describe('metrics without a proxy', () => {
  let database: Database;
  let server: RunningServer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('lets loopback peers scrape when there is neither a proxy nor a token', async () => {
    expect((await fetch(`${server.listeningOn}/metrics`)).status).toBe(200);
  });
});
