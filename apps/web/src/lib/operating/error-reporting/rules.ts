import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { redact, redactDeep } from '@pool/contract/redaction';

/** Spec 9: the breadcrumb cap. */
export const breadcrumbCap = 50;

/** Spec 9: traces of the routes where money and access are at stake are sampled more often. */
const closelyWatched = /workers|miners|auth|payments/;

export function tracesSampleRateFor(path: string): number {
  return closelyWatched.test(path) ? 0.2 : 0.08;
}

/** A fetch that never reached the server: the visitor's network, not the product. */
const networkFailure =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed|The network connection was lost\.?|The Internet connection appears to be offline\.?)$/i;

/** A code-split chunk that did not load (a new deployment, a dropped connection). */
const chunkLoadFailure =
  /ChunkLoadError|Loading (CSS )?chunk \S+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** Scripts a browser extension injected: not ours to fix. */
const extensionFrame = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//;

type ExceptionValue = NonNullable<NonNullable<ErrorEvent['exception']>['values']>[number];

function framesOf(value: ExceptionValue): string[] {
  return (value.stacktrace?.frames ?? []).map((frame) => frame.filename ?? frame.abs_path ?? '');
}

/** Spec 8: network, chunk-load and browser-extension errors are dropped. */
export function isDropped(event: ErrorEvent): boolean {
  const values = event.exception?.values ?? [];
  for (const value of values) {
    const message = value.value ?? '';
    if (value.type === 'ChunkLoadError' || chunkLoadFailure.test(message)) return true;
    if (value.type === 'TypeError' && networkFailure.test(message.trim())) return true;
    if (framesOf(value).some((file) => extensionFrame.test(file))) return true;
  }
  return chunkLoadFailure.test(event.message ?? '');
}

function redactUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : redact(url);
}

/**
 * Spec 8, 9: bearer tokens, e-mail addresses, watcher tokens and TOTP secrets leave in no message,
 * breadcrumb or URL; the request's cookies and headers and the user's address not at all.
 */
export function redactEvent(event: ErrorEvent): ErrorEvent {
  const request = event.request
    ? {
        ...(event.request.url ? { url: redactUrl(event.request.url) } : {}),
        ...(event.request.method ? { method: event.request.method } : {}),
      }
    : undefined;
  const { user, ...rest } = event;
  return {
    ...rest,
    ...(user?.id !== undefined ? { user: { id: user.id } } : {}),
    ...(request ? { request } : {}),
    ...(rest.message ? { message: redact(rest.message) } : {}),
    ...(rest.transaction ? { transaction: redact(rest.transaction) } : {}),
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
    ...(rest.breadcrumbs ? { breadcrumbs: rest.breadcrumbs.map(redactBreadcrumb) } : {}),
    ...(rest.extra ? { extra: redactDeep(rest.extra) } : {}),
    ...(rest.tags ? { tags: redactDeep(rest.tags) } : {}),
  };
}

export function redactBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return {
    ...breadcrumb,
    ...(breadcrumb.message ? { message: redact(breadcrumb.message) } : {}),
    ...(breadcrumb.data ? { data: redactDeep(breadcrumb.data) } : {}),
  };
}

/** What `beforeSend` does: drop what spec 8 drops, redact the rest. */
export function beforeSend(event: ErrorEvent): ErrorEvent | null {
  return isDropped(event) ? null : redactEvent(event);
}
