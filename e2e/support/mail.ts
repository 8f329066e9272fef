import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailFolder } from './environment.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  at: string;
}

function received(): ReceivedMail[] {
  return readdirSync(mailFolder)
    .sort()
    .reverse()
    .map((file) => JSON.parse(readFileSync(join(mailFolder, file), 'utf8')) as ReceivedMail);
}

/** The newest mail to this address sent after `since` that matches, waiting for it to arrive. */
export async function mailTo(
  recipient: string,
  since: Date,
  matches: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = received().find(
      (candidate) => candidate.to.includes(recipient) && new Date(candidate.at) >= since && matches(candidate),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail reached ${recipient}`);
}

/** The six-digit code of the newest mail to this address (recovery, verification). */
export async function codeFromMail(recipient: string, since: Date): Promise<string> {
  const mail = await mailTo(recipient, since, (candidate) => /\b\d{6}\b/.test(candidate.text));
  return mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}
