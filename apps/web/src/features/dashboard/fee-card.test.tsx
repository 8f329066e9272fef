import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CurrentFee } from '@pool/contract/money';
import { renderInApp } from '@/testing/render.tsx';
import { FeeCard } from './fee-card.tsx';

const scope = { kind: 'miner' as const, id: '7d3f2a10-4b5c-4d6e-8f90-a1b2c3d4e5f6', name: 'alice_hash' };

function serve(fee: CurrentFee) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(fee)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fee card', () => {
  it('shows the fee in force and the promo code that lowers it, with the fee before and its end', async () => {
    serve({
      percent: 0.45,
      start_date: null,
      fee: null,
      promo: { code: 'HALF', percent_before: 0.9, ends_on: '2026-12-25' },
    });
    renderInApp(<FeeCard scope={scope} />);
    expect(await screen.findByText('0.45 %')).toBeInTheDocument();
    expect(screen.getByText('Promo code HALF lowers it from 0.9 % until Dec 25, 2026')).toBeInTheDocument();
  });

  it('shows the fee alone when no code lowers it', async () => {
    serve({ percent: 0.9, start_date: null, fee: null });
    renderInApp(<FeeCard scope={scope} />);
    expect(await screen.findByText('0.9 %')).toBeInTheDocument();
    expect(screen.queryByText(/Promo code/)).not.toBeInTheDocument();
  });
});
