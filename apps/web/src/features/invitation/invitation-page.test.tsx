import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InviteInfo } from '@pool/contract/access-management';
import { english, renderInApp, testPoolConfig } from '@/testing/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

const token = 'aW52aXRhdGlvbi10b2tlbi1mb3ItY2Fyb2wtb25seS0x';
const invite: InviteInfo = {
  email: 'carol@demo.pool',
  account_type: 'miner',
  account_name: 'alice_hash',
  role: 'accountant',
  expires_at: '2099-03-08T12:00:00.000Z',
  has_identity: false,
};
const refused = (status: number, code: string) => Response.json({ error: { code, message: 'Refused' } }, { status });

/**
 * The product API and identity service as the invitee's browser meets them: the invitation, the
 * session (signed in as `signedInAs`, or none), and `answer` for activating or accepting it.
 */
function serve(signedInAs: string | undefined, answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const { pathname } = new URL(url, window.location.origin);
      if (pathname.endsWith('/sessions/whoami')) {
        if (!signedInAs) return Response.json({ error: { code: 401, id: 'session_inactive' } }, { status: 401 });
        return Response.json({
          id: 'b6a1f1c2-6a0d-4c34-9d5e-0d6f6a1e2b01',
          active: true,
          identity: { id: 'b6a1f1c2-6a0d-4c34-9d5e-0d6f6a1e2b02', schema_id: 'default', traits: { email: signedInAs } },
        });
      }
      if (pathname.endsWith(`/invites/${token}`)) return Response.json(invite);
      if (pathname.endsWith(`/invites/${token}/activation`) || pathname.endsWith('/invites/accept')) return answer;
      return refused(404, 'not_found');
    }),
  );
}

function renderInvitation() {
  return renderInApp(<InvitationPage />, { at: `/invitation?token=${token}`, config: testPoolConfig() });
}

describe('an invitation the server refuses', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says it was opened in another browser (409 from activation) and offers to sign in to accept', async () => {
    serve(undefined, refused(409, 'conflict'));
    const user = userEvent.setup();
    renderInvitation();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: english.invitation.continue }));
    expect(await screen.findByRole('alert')).toHaveTextContent(english.invitation.openedElsewhere);
    expect(screen.getByRole('link', { name: english.invitation.signInToAccept })).toHaveAttribute(
      'href',
      `/auth/login?return_to=${encodeURIComponent(`/invitation?token=${token}`)}`,
    );
  });

  it('asks to verify the address first (403 from accepting) and links to verification', async () => {
    serve(invite.email, refused(403, 'access_denied'));
    const user = userEvent.setup();
    renderInvitation();
    await user.click(await screen.findByRole('button', { name: english.invitation.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      english.invitation.unverified.replace('{{email}}', invite.email),
    );
    expect(screen.getByRole('link', { name: english.invitation.verify })).toHaveAttribute('href', '/auth/verification');
  });
});
