import { vi } from 'vitest';

/**
 * Without SMTP_URL the server prints a mail that carries a secret (an invitation link) once on its
 * standard output, the only place the link exists besides the invitee's hands; tests read it there.
 * Other output passes through.
 */
export function capturePrintedMail() {
  const printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('/invitation?token=')) printed.push(text);
    else write(chunk);
    return true;
  });
  return {
    printed,
    /** The token of the newest invitation link printed for this address. */
    inviteToken(email: string): string {
      const mail = printed.findLast((text) => text.includes(email));
      return mail?.match(/invitation\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    },
    restore: () => spy.mockRestore(),
  };
}
