import { startSmtpSink } from './support/smtp-sink.ts';

/** Starts the mail server the journeys read e-mail from; Playwright calls the returned teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startSmtpSink();
}
