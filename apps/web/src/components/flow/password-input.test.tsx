import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '@/lib/i18n/i18n.ts';
import english from '../../../public/static/locales/en.json';
import { PasswordInput } from './password-input.tsx';

describe('PasswordInput', () => {
  it('hands its ref to the input, as react-hook-form registers it, and shows the password on demand', async () => {
    const i18n = await initI18n({ language: 'en', translations: english });
    const ref = createRef<HTMLInputElement>();
    render(
      <I18nextProvider i18n={i18n}>
        <label>
          Password
          <PasswordInput ref={ref} name="password" defaultValue="Hashrate-2140" />
        </label>
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Password');
    // A plain `ref` prop reaches no function component under Preact, so the form would never read it.
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });
});
