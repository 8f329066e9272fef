import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BoundaryWorker } from '@pool/contract/mining';
import { english, renderInApp } from '@/testing/render.tsx';
import { initI18n } from '@/lib/i18n/i18n.ts';
import { BoundaryWorkers } from './boundary-workers.tsx';

const minerId = '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const figure = { hash_rate: 25e12, shares: 400, relative_error: 0.05 };
const transferred: BoundaryWorker = {
  contract_id: '0b7c2a10-4b5c-4d6e-8f90-a1b2c3d4e5f7',
  worker_name: 'from-bob',
  behaviour: 'boundary',
  donor_miner_id: '0b7c2a10-4b5c-4d6e-8f90-a1b2c3d4e5f8',
  donor_account_name: 'bob_mining',
  hash_rate_share: 0.125,
  fixed_hash_rate: null,
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: null,
  status: 'stable',
  hash_rate_15m: figure,
  hash_rate_1h: figure,
  hash_rate_24h: figure,
};

// The reader chose Russian; the browser (jsdom) speaks en-US. The figure needs the language, not its texts.
beforeAll(() => initI18n({ language: 'ru', translations: undefined }));
afterAll(async () => {
  vi.unstubAllGlobals();
  await initI18n({ language: 'en', translations: english });
});

it("writes the transferred share in the reader's language, not the browser's", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ items: [transferred] })),
  );
  renderInApp(<BoundaryWorkers scope={{ kind: 'miner', id: minerId, name: 'alice_hash' }} />);
  expect(await screen.findByRole('cell', { name: /^12,5\s%$/ })).toBeInTheDocument();
});
