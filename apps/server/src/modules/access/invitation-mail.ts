import type { Role } from '@pool/contract/accounts';
import type { Mail } from '../../mail/mailer.ts';

export interface InvitationMail {
  to: string;
  poolName: string;
  accountName: string;
  role: Role;
  /** The invitation's id, which the stored copy names instead of the link. */
  inviteId: string;
  link: string;
  expiresAt: Date;
}

/**
 * The invitation e-mail: who invites to what, with which role, and the one link that accepts. The
 * link carries the invitation's token, so the outbox keeps a copy that names the invitation instead.
 */
export function invitationMail({ to, poolName, accountName, role, inviteId, link, expiresAt }: InvitationMail): Mail {
  const withLink = (accept: string) =>
    [
      `Hello,`,
      '',
      `you are invited to the account ${accountName} on ${poolName} as ${role}.`,
      '',
      accept,
      '',
      `The link works until ${expiresAt.toUTCString()}. If you did not expect this e-mail, ignore it.`,
    ].join('\n');
  return {
    to,
    subject: `${poolName}: you are invited to ${accountName}`,
    text: withLink(`Accept the invitation here: ${link}`),
    storedText: withLink(`Accept the invitation here: [link of invitation ${inviteId}, sent but never stored]`),
  };
}
