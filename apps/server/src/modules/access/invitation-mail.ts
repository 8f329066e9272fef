import type { Role } from '@pool/contract/accounts';
import type { Mail } from '../../mail/mailer.ts';

export interface InvitationMail {
  to: string;
  poolName: string;
  accountName: string;
  role: Role;
  link: string;
  expiresAt: Date;
}

/** The invitation e-mail: who invites to what, with which role, and the one link that accepts. */
export function invitationMail({ to, poolName, accountName, role, link, expiresAt }: InvitationMail): Mail {
  return {
    to,
    subject: `${poolName}: you are invited to ${accountName}`,
    text: [
      `Hello,`,
      '',
      `you are invited to the account ${accountName} on ${poolName} as ${role}.`,
      '',
      `Accept the invitation here: ${link}`,
      '',
      `The link works until ${expiresAt.toUTCString()}. If you did not expect this e-mail, ignore it.`,
    ].join('\n'),
  };
}
