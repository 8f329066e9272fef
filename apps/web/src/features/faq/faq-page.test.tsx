import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@pool/contract/accounts';
import { english, renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { FaqPage } from './faq-page.tsx';
import { faqQuestions } from './faq-questions.ts';

const alice = {
  type: 'miner',
  account_id: '1b2c3d4e-5f60-4718-a9b0-000000000001',
  account_name: 'alice_hash',
  role: 'owner',
} as unknown as Permission;

function config() {
  const base = testPoolConfig();
  return {
    ...base,
    addresses: [
      ...base.addresses,
      { type: 'stratum' as const, address: 'stratum+tcp://eu.pool.example:3333' },
      { type: 'stratum' as const, address: 'stratum+tcp://us.pool.example:443' },
    ],
    settings: { ...base.settings, default_fee_percent: 1.25 },
  };
}

function questionNamed(text: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: text });
  const item = heading.closest('details');
  if (!item) throw new Error(`no question "${text}"`);
  return item;
}

describe('FAQ page', () => {
  it("answers every question with this pool's stratum addresses, naming rule and fee", async () => {
    renderInApp(<FaqPage />, { at: '/faq', config: config(), entry: { active: alice } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    for (const id of faqQuestions)
      expect(screen.getByRole('heading', { name: english.faq.items[id].q })).toBeInTheDocument();
    const connect = questionNamed('How do I connect a worker?');
    expect(connect).toHaveTextContent(
      'Point the stratum client of each machine at this pool: stratum+tcp://eu.pool.example:3333, stratum+tcp://us.pool.example:443.',
    );
    expect(connect).toHaveTextContent('for example alice_hash.rig01');
    expect(questionNamed('What fee do I pay, and how do promo codes work?')).toHaveTextContent(
      "The pool's fee is 1.25 % of the gross reward",
    );
  });

  it('finds questions by any word of their question or answer, and says when none matches', async () => {
    const user = userEvent.setup();
    renderInApp(<FaqPage />, { at: '/faq', config: config(), entry: { active: alice } });
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'BACKUP codes');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'How do I protect my account, and what if I lose my phone?',
    ]);
    await user.clear(search);
    await user.type(search, '14:00 minimum');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'When and how am I paid?',
    ]);
    await user.type(search, ' lightning');
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No question matches “14:00 minimum lightning”.');
  });

  it('opens the question its link names, and only that one', async () => {
    renderInApp(<FaqPage />, { at: '/faq#payouts', path: '/faq', config: config(), entry: { active: alice } });
    const payouts = questionNamed('When and how am I paid?');
    expect(payouts).toHaveAttribute('open');
    expect(payouts).toHaveAttribute('id', 'payouts');
    expect(within(payouts).getByRole('link', { name: '#payouts' })).toHaveAttribute('href', '#payouts');
    expect(questionNamed('How are my rewards computed?')).not.toHaveAttribute('open');
  });

  it('shows the naming rule with an example account to a visitor acting for no miner', async () => {
    renderInApp(<FaqPage />, { at: '/faq', config: config() });
    expect(await screen.findByText(/for example account_name\.rig01/)).toBeInTheDocument();
  });
});
