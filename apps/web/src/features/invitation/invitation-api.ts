import { AcceptedInvite, InviteActivation, InviteInfo } from '@pool/contract/access-management';
import { api } from '@/lib/api-client.ts';

export const fetchInvite = (token: string) => api(`/invites/${encodeURIComponent(token)}`, { schema: InviteInfo });

export const activateInvite = (token: string) =>
  api(`/invites/${encodeURIComponent(token)}/activation`, {
    method: 'POST',
    body: { terms_agreed: true },
    schema: InviteActivation,
  });

export const acceptInvite = (token: string) =>
  api('/invites/accept', { method: 'POST', body: { token }, schema: AcceptedInvite });
