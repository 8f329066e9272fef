import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { noIntegrations } from '@pool/contract/integrations';
import { Toaster } from '@/components/toast/toaster.tsx';
import { renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { widgetsStarted } from '@/lib/operating/widgets/support-tools.ts';
import { SupportContact } from './support-contact.tsx';

function configWith(integrations: Partial<typeof noIntegrations>) {
  return { ...testPoolConfig(), integrations: { ...noIntegrations, ...integrations } };
}

afterEach(() => {
  delete window.supportChat;
  delete window.messenger;
});

describe('support contact on the FAQ', () => {
  it('shows nothing when the pool configured neither the support chat nor the messenger', () => {
    renderInApp(<SupportContact />, { config: configWith({}) });
    expect(screen.queryByRole('heading', { name: 'Still have a question?' })).not.toBeInTheDocument();
  });

  it('opens the support chat through its global', async () => {
    const open = vi.fn();
    window.supportChat = { open };
    renderInApp(<SupportContact />, { config: configWith({ support_chat: { script_url: 'https://c.example/w.js' } }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Chat with support' }));
    expect(open).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Message us' })).not.toBeInTheDocument();
  });

  it('waits for the widgets when clicked before their scripts ran, then opens the chat', async () => {
    const open = vi.fn();
    renderInApp(<SupportContact />, { config: configWith({ support_chat: { script_url: 'https://c.example/w.js' } }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Chat with support' }));
    expect(open).not.toHaveBeenCalled();
    window.supportChat = { open };
    widgetsStarted();
    await vi.waitFor(() => expect(open).toHaveBeenCalledOnce());
  });

  it("shows a toast when the messenger's global is missing once the widgets started (not configured, or blocked)", async () => {
    widgetsStarted();
    render(<Toaster />);
    renderInApp(<SupportContact />, { config: configWith({ messenger: { script_url: 'https://m.example/b.js' } }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Message us' }));
    expect(await screen.findByText('The messenger is not configured, or your browser blocked it.')).toBeVisible();
  });
});
