import type { FastifyRequest } from 'fastify';
import type { ErrorEvent } from '@sentry/node';
import { redact, redactDeep } from '@pool/contract/redaction';

/** Where the server's own unhandled errors go (SERVER_ERROR_REPORTING_DSN). */
export interface ErrorReporter {
  report(error: unknown, request: FastifyRequest): void;
  /** Waits until what was reported has been sent, at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
}

/**
 * No personal data leaves with an event: no user, no request (its URL, query, cookies and headers
 * may carry e-mail addresses, session cookies and watcher tokens), no host name, and every message,
 * exception value and breadcrumb redacted.
 */
export function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  const { user: _user, request: _request, server_name: _server, ...rest } = event;
  return {
    ...rest,
    ...(rest.message ? { message: redact(rest.message) } : {}),
    ...(rest.exception
      ? {
          exception: {
            ...rest.exception,
            values: rest.exception.values?.map((value) => ({
              ...value,
              ...(value.value ? { value: redact(value.value) } : {}),
            })),
          },
        }
      : {}),
    ...(rest.breadcrumbs ? { breadcrumbs: redactDeep(rest.breadcrumbs) } : {}),
    ...(rest.extra ? { extra: redactDeep(rest.extra) } : {}),
  };
}

/**
 * The official Sentry SDK for Node, loaded only when a DSN is configured. It sends errors only: no
 * tracing, no OpenTelemetry, no default integrations that read requests or the machine.
 */
export async function serverErrorReporter(options: { dsn: string; release: string }): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    defaultIntegrations: false,
    integrations: [Sentry.onUnhandledRejectionIntegration({ mode: 'warn' })],
    maxBreadcrumbs: 50,
    beforeSend: withoutPersonalData,
  });
  return {
    report(error, request) {
      Sentry.captureException(error, {
        tags: { request_id: request.id },
        // The route's pattern, never the URL: paths carry watcher tokens and ids.
        contexts: { request: { method: request.method, route: request.routeOptions.url ?? 'unmatched' } },
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}
