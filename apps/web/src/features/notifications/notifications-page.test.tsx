import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdentityInfo } from '@pool/contract/identity';
import {
  defaultPreference,
  notificationKinds,
  type NotificationPreferences,
  type TelegramInvite,
} from '@pool/contract/notifications';
import { renderInApp } from '@/testing/render.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const userId = '5b0f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
const identity: IdentityInfo = {
  user: { id: userId, email: 'alice@example.com', language: 'en' },
  permissions: [],
  credentials: { totp: false, lookup_secret: false, webauthn: false },
  verification: {},
};
const invite: TelegramInvite = {
  link: 'https://t.me/pool_bot?start=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde',
  bot_username: 'pool_bot',
  created_at: '2026-11-26T10:00:00.000Z',
  expires_at: '2026-11-26T11:00:00.000Z',
};

/** The notification API as the server answers, with Telegram configured or not. */
function serve(options: { telegram: boolean; preferencesHeld?: Promise<void> }) {
  let preferences: NotificationPreferences = {
    items: notificationKinds.map((kind) => ({
      kind,
      channels: { email: defaultPreference(kind), telegram: defaultPreference(kind) },
    })),
  };
  let current: TelegramInvite | null = null;
  let chat: { username: string; linked_at: string } | null = null;
  const calls: string[] = [];
  const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, window.location.origin).pathname.replace('/api/backend/v0.1', '');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === `/identity/${userId}/notifications/preferences`) {
        await options.preferencesHeld;
        if (method === 'PUT') {
          const body = JSON.parse(init?.body as string) as NotificationPreferences;
          preferences = {
            items: preferences.items.map((item) => body.items.find((set) => set.kind === item.kind) ?? item),
          };
        }
        return Response.json(preferences);
      }
      if (path.startsWith('/telegram') || path.endsWith('/telegram/invites')) {
        if (!options.telegram) {
          return Response.json(
            { error: { code: 'service_unavailable', message: 'Telegram is not configured' } },
            { status: 503 },
          );
        }
        if (path === `/identity/${userId}/telegram/invites`) {
          current = invite;
          return Response.json(invite, { status: 201 });
        }
        if (path === '/telegram/invites/current') return current ? Response.json(current) : notFound();
        if (path === '/telegram/chats/current' && method === 'GET') return chat ? Response.json(chat) : notFound();
        if (path === '/telegram/chats' && method === 'DELETE') {
          chat = null;
          return new Response(null, { status: 204 });
        }
      }
      return notFound();
    }),
  );
  return {
    calls,
    /** The person pressed Start in Telegram: the bot linked the chat. */
    link: () => {
      chat = { username: 'alice_tg', linked_at: '2026-11-26T10:05:00.000Z' };
      current = null;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifications screen', () => {
  it('shows each kind per channel with the security kinds on, and saves a switch as it is turned', async () => {
    const { calls } = serve({ telegram: true });
    const user = userEvent.setup();
    renderInApp(<NotificationsPage />, { at: '/settings/notifications', entry: { identity } });
    const payoutsByTelegram = await screen.findByRole('switch', { name: 'Payouts by Telegram' });
    expect(payoutsByTelegram).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Payout address changed by E-mail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sign-in from a new device by Telegram' })).toBeChecked();
    expect(screen.getAllByText('Security')).toHaveLength(3);
    await user.click(payoutsByTelegram);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Payouts by Telegram' })).toBeChecked());
    expect(calls).toContain(`PUT /identity/${userId}/notifications/preferences`);
    expect(screen.getByText(/No other pool debounces offline alerts like this/)).toBeInTheDocument();
  });

  it('makes a one-time Telegram link with its QR code, shows the chat once linked, and unlinks it', async () => {
    const api = serve({ telegram: true });
    const user = userEvent.setup();
    renderInApp(<NotificationsPage />, { at: '/settings/notifications', entry: { identity } });
    await user.click(await screen.findByRole('button', { name: 'Make a Telegram link' }));
    const section = screen.getByRole('region', { name: 'Telegram' });
    expect(await within(section).findByRole('link', { name: invite.link })).toHaveAttribute('href', invite.link);
    const qr = await within(section).findByRole('img', { name: 'QR code of the Telegram link' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    api.link();
    expect(await within(section).findByText(/Notices go to @alice_tg/, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Unlink Telegram' }));
    expect(await within(section).findByRole('button', { name: 'Make a Telegram link' })).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /telegram/chats');
  });

  it('says Telegram is not configured when the pool has no bot, and the preferences still work', async () => {
    serve({ telegram: false });
    renderInApp(<NotificationsPage />, { at: '/settings/notifications', entry: { identity } });
    expect(await screen.findByText(/Telegram is not configured on this pool/)).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Rewards by E-mail' })).not.toBeChecked();
  });

  it('shows the Telegram card only once the preferences above it answered, having asked for both at once', async () => {
    let answer: () => void = () => {};
    const api = serve({ telegram: true, preferencesHeld: new Promise((resolve) => (answer = resolve)) });
    renderInApp(<NotificationsPage />, { at: '/settings/notifications', entry: { identity } });
    await waitFor(() => expect(api.calls).toContain('GET /telegram/chats/current'));
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
    answer();
    expect(await screen.findByRole('switch', { name: 'Payouts by Telegram' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Telegram' })).toBeInTheDocument();
  });
});
