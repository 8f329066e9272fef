import type { RunningIdentity } from './harness.ts';

/** The last code mailed to the address, read from the courier's outbox as an operator would. */
export async function lastCodeFor(identity: RunningIdentity, recipient: string): Promise<string | undefined> {
  await identity.service.flushBackground();
  const rows = await identity.database.query<{ body: string }>(
    'select body from identity.courier_messages where recipient = $1 order by created_at desc limit 1',
    [recipient],
  );
  return rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
}

export async function messagesFor(identity: RunningIdentity, recipient: string) {
  await identity.service.flushBackground();
  return identity.database.query<{ subject: string; template_type: string; status: string }>(
    'select subject, template_type, status from identity.courier_messages where recipient = $1 order by created_at',
    [recipient],
  );
}
