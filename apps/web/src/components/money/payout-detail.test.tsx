import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Payment } from '@pool/contract/money';
import { renderInApp } from '@/testing/render.tsx';
import { PaymentsTable } from './payments-table.tsx';

const txid = 'a1'.repeat(32);
const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function payout(index: number, detail: Payment['payout'], status: Payment['status']): Payment {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    type: 'payout',
    direction: 'outgoing',
    status,
    amount: 250_000,
    created_at: '2026-11-24T14:00:00.000Z',
    counterparty: null,
    reward: null,
    payout: detail,
  };
}

describe('a payout in the payments list', () => {
  it('reads as pending with its address until sent, then shows its txid linked to the explorer or plain', () => {
    renderInApp(
      <PaymentsTable
        payments={[
          payout(
            1,
            { request_id: crypto.randomUUID(), status: 'created', address, txid: null, explorer_url: null },
            'pending',
          ),
          payout(
            2,
            {
              request_id: crypto.randomUUID(),
              status: 'completed',
              address,
              txid,
              explorer_url: `https://mempool.space/tx/${txid}`,
            },
            'completed',
          ),
          payout(3, { request_id: crypto.randomUUID(), status: 'sent', address, txid, explorer_url: null }, 'pending'),
        ]}
      />,
    );
    const [pending, done, sent] = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-payment'));
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Waiting to be sent');
    expect(pending).toHaveTextContent(address);
    expect(within(pending!).queryByText('Txid')).not.toBeInTheDocument();

    expect(done).toHaveTextContent('Confirmed');
    expect(within(done!).getByRole('link', { name: txid })).toHaveAttribute('href', `https://mempool.space/tx/${txid}`);

    expect(sent).toHaveTextContent('Sent, awaiting confirmations');
    expect(sent).toHaveTextContent(txid);
    expect(within(sent!).queryByRole('link')).not.toBeInTheDocument();
  });
});
