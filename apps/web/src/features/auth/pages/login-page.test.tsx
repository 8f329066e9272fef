import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { english, renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { LoginPage } from './login-page.tsx';

const loginFlow = {
  id: '5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a10',
  type: 'browser',
  expires_at: '2099-01-01T00:00:00Z',
  issued_at: '2026-01-01T00:00:00Z',
  request_url: 'http://localhost/identity/self-service/login/browser',
  state: 'choose_method',
  requested_aal: 'aal1',
  ui: {
    action: 'http://localhost/identity/self-service/login?flow=5b0c8f34-8f0e-4c1e-9a55-2f6f3d9b1a10',
    method: 'POST',
    nodes: [
      {
        type: 'input',
        group: 'default',
        attributes: {
          name: 'csrf_token',
          type: 'hidden',
          value: 'csrf',
          required: true,
          disabled: false,
          node_type: 'input',
        },
        messages: [],
        meta: {},
      },
      {
        type: 'input',
        group: 'default',
        attributes: {
          name: 'identifier',
          type: 'email',
          value: '',
          required: true,
          disabled: false,
          node_type: 'input',
        },
        messages: [],
        meta: { label: { id: 1070004, text: 'E-Mail', type: 'info' } },
      },
    ],
  },
};

/** The identity service as the browser meets it: first unreachable (or failing), then answering. */
function identityThat(first: () => Promise<Response>) {
  let answering = false;
  const calls = vi.fn(async () => (answering ? Response.json(loginFlow) : first()));
  vi.stubGlobal('fetch', calls);
  return {
    calls,
    recover: () => {
      answering = true;
    },
  };
}

function renderLogin(auth?: string) {
  return renderInApp(<LoginPage />, { at: '/auth/login', config: testPoolConfig(auth) });
}

describe('the sign-in form when the identity service fails', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the service could not be reached, offers a retry, and shows the form once it answers', async () => {
    const identity = identityThat(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(english.auth.unavailable.unreachable);
    expect(screen.queryByRole('textbox')).toBeNull();
    identity.recover();
    await userEvent.click(screen.getByRole('button', { name: english.auth.unavailable.retry }));
    expect(await screen.findByRole('textbox')).toHaveAttribute('name', 'identifier');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the service answers with a server error', async () => {
    identityThat(async () => new Response('upstream failed', { status: 502 }));
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(english.auth.unavailable.failed);
    expect(screen.getByRole('button', { name: english.auth.unavailable.retry })).toBeInTheDocument();
  });

  it('names the address the pool is served at when the page was opened at another one', async () => {
    identityThat(() => Promise.reject(new TypeError('Failed to fetch')));
    renderLogin('http://pool.example.test:8080/identity');
    expect(await screen.findByRole('alert')).toHaveTextContent(english.auth.unavailable.unreachable);
    expect(screen.getByRole('link', { name: 'Open http://pool.example.test:8080' })).toHaveAttribute(
      'href',
      'http://pool.example.test:8080/',
    );
  });
});
