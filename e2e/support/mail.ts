import { identityAdminPort, identityAdminToken } from './environment.ts';

interface CourierMessage {
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

/** The identity service's outbox, read through its admin API as an operator would. */
async function messagesTo(recipient: string): Promise<CourierMessage[]> {
  const response = await fetch(
    `http://127.0.0.1:${identityAdminPort}/admin/courier/messages?recipient=${encodeURIComponent(recipient)}`,
    { headers: { authorization: `Bearer ${identityAdminToken}` } },
  );
  if (!response.ok) throw new Error(`the courier answered ${response.status}`);
  return (await response.json()) as CourierMessage[];
}

/** The six-digit code of the newest e-mail to this address sent after `since`, waiting for it to arrive. */
export async function codeFromMail(recipient: string, since: Date, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = (await messagesTo(recipient)).filter((message) => new Date(message.created_at) >= since);
    const code = fresh[0]?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code reached ${recipient}`);
}
