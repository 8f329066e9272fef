import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInApp } from '@/testing/render.tsx';
import { PromoCodeCheck } from './promo-code-check.tsx';

/** `GET promocodes/check` as the server answers: WELCOME applies for 30 days, OLDIES only to existing accounts. */
function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const code = new URL(url, window.location.origin).searchParams.get('code') ?? '';
      asked.push(code);
      if (code === 'WELCOME') {
        return Response.json({
          code,
          fee_type: 'absolute',
          fee_percent: 0.5,
          starts_on: '2026-11-25',
          ends_on: '2026-12-25',
        });
      }
      return Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid input',
            fields: [{ field: 'code', text: 'This promo code is only for existing accounts' }],
          },
        },
        { status: 400 },
      );
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registration promo question', () => {
  it('says before submit that a code applies, with its fee and end', async () => {
    const asked = serve();
    renderInApp(<PromoCodeCheck code="WELCOME" describedBy="check" />);
    expect(
      await screen.findByText('This code applies: your fee will be 0.5 % of rewards until 2026-12-25.'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['WELCOME']);
  });

  it('shows the rule a code fails as the field error under the input', async () => {
    serve();
    renderInApp(<PromoCodeCheck code="OLDIES" describedBy="check" />);
    expect(await screen.findByText('This promo code is only for existing accounts')).toBeInTheDocument();
  });

  it('asks nothing for an empty answer', () => {
    const asked = serve();
    renderInApp(<PromoCodeCheck code="  " describedBy="check" />);
    expect(asked).toEqual([]);
  });
});
