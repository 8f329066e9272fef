/** The server the journeys run against, and the mail server it sends to. */
export const appPort = Number(process.env.E2E_PORT ?? 8181);
export const appUrl = `http://localhost:${appPort}`;
// Two above the app, so that a second run with its own E2E_PORT never shares the mail server.
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? appPort + 2);
export const mailFolder = `${process.env.TMPDIR ?? '/tmp'}/pool-e2e-mail-${appPort}`;
/** A server of its own, without PUBLIC_URL, for the journey that opens the product at 127.0.0.1. */
export const hostNamePort = Number(process.env.E2E_HOST_NAME_PORT ?? appPort + 3);
