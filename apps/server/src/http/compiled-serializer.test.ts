import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { HashRateChart, WorkerList } from '@pool/contract/mining';
import { PaymentsPage } from '@pool/contract/money';
import { compiledResponse, serializerCompiler } from './compiled-serializer.ts';

const figure = { hash_rate: 1.5e14, shares: 60, relative_error: null };
const chart = {
  availability: 'ok',
  ready_at: null,
  last_share_at: '2026-11-26T03:00:00.000Z',
  period: 'PT15M',
  resolution: 'PT1M',
  from: '2026-11-26T02:45:00.000Z',
  to: '2026-11-26T03:00:00.000Z',
  points: [
    { at: '2026-11-26T02:45:00.000Z', hash_rate: 0, shares: null, rejected_shares: null },
    { at: '2026-11-26T02:46:00.000Z', hash_rate: 2.25e14, shares: 61, rejected_shares: 1 },
  ],
  average: figure,
};
const workers = {
  items: [
    {
      id: 7,
      worker_name: 'rig-1',
      full_name: 'alice.rig-1',
      miner_id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02',
      account_name: 'alice',
      status: 'stable',
      behaviour: 'hardware',
      hash_rate_15m: figure,
      hash_rate_1h: { hash_rate: 1.4e14, shares: 240, relative_error: 0.06 },
      hash_rate_24h: figure,
      reject_pct_15m: 1.5,
      first_share_at: '2026-11-19T03:00:00.000Z',
      last_share_at: null,
    },
  ],
  total: 1,
  page: 1,
  per_page: 50,
};

const reward = {
  day: '2026-11-25',
  hash_rate: 1.5e14,
  rate: 50.123,
  gross: 7518,
  fee_percent: 0.9,
  fee: 67,
  shared: 1000,
  net: 7451,
};
const payment = {
  id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d10',
  type: 'reward',
  direction: 'incoming',
  status: 'completed',
  amount: 7451,
  created_at: '2026-11-26T09:00:00.000Z',
  counterparty: null,
  reward: null,
  payout: null,
};
const payments = {
  items: [
    { ...payment, reward: { ...reward, promo: { code: 'SPRING', fee_percent_before: 1.5, fee_before: 112 } } },
    // A customer whose permission hides the operator's total fee.
    { ...payment, reward: { ...reward, fee_percent: null, fee: null, promo: null } },
    {
      ...payment,
      type: 'payout',
      direction: 'outgoing',
      counterparty: 'bc1qaddress',
      payout: {
        request_id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d11',
        status: 'sent',
        address: 'bc1qaddress',
        txid: 'ab'.repeat(32),
        explorer_url: `https://mempool.space/tx/${'ab'.repeat(32)}`,
      },
    },
    { ...payment, type: 'profit_sharing', direction: 'outgoing', counterparty: 'bob', sharing_type: 'referral' },
    { ...payment, type: 'transfer', counterparty: 'ghost_rig', sharing_type: null },
  ],
  total: 1827,
  page: 1,
  per_page: 20,
};

/** One app whose routes answer `answer` through the given response schema. */
async function appAnswering(answer: unknown, compiler: typeof serializerCompiler) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  app.get('/chart', { schema: { response: { 200: compiledResponse(HashRateChart.clone()) } } }, async () => answer);
  app.get('/workers', { schema: { response: { 200: compiledResponse(WorkerList.clone()) } } }, async () => answer);
  app.get('/payments', { schema: { response: { 200: compiledResponse(PaymentsPage.clone()) } } }, async () => answer);
  await app.ready();
  return app;
}

describe('compiled response serializers', () => {
  it('write exactly what the zod serializer writes for the mining answers', async () => {
    const compiled = await appAnswering(chart, serializerCompiler);
    const zod = await appAnswering(chart, zodSerializerCompiler);
    const compiledChart = (await compiled.inject('/chart')).body;
    expect(compiledChart).toBe((await zod.inject('/chart')).body);
    expect(JSON.parse(compiledChart)).toEqual(chart);

    const compiledWorkers = await appAnswering(workers, serializerCompiler);
    const zodWorkers = await appAnswering(workers, zodSerializerCompiler);
    expect((await compiledWorkers.inject('/workers')).body).toBe((await zodWorkers.inject('/workers')).body);
  });

  it('write exactly what the zod serializer writes for a payments page: breakdowns, hidden fees, payouts, shares', async () => {
    const compiled = (await (await appAnswering(payments, serializerCompiler)).inject('/payments')).body;
    expect(compiled).toBe((await (await appAnswering(payments, zodSerializerCompiler)).inject('/payments')).body);
    expect(JSON.parse(compiled)).toEqual(payments);
  });

  it('drop every field the schema does not declare, at the top and deep inside', async () => {
    const leaky = {
      ...workers,
      internal_cursor: 'secret',
      items: workers.items.map((item) => ({
        ...item,
        owner_email: 'alice@example.com',
        hash_rate_15m: { ...item.hash_rate_15m, raw_difficulty: 123 },
      })),
    };
    const app = await appAnswering(leaky, serializerCompiler);
    const response = await app.inject('/workers');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('alice@example.com');
    expect(response.body).not.toContain('raw_difficulty');
    expect(JSON.parse(response.body)).toEqual(workers);
  });

  it('leave routes whose schema is not marked to zod, which still checks their answers', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get('/chart', { schema: { response: { 200: HashRateChart } } }, async () => ({ ...chart, period: 'P9Y' }));
    await app.ready();
    expect((await app.inject('/chart')).statusCode).toBe(500);
  });
});
