/** Kratos's error object (ory/herodot `DefaultError`), as it appears under `error` on the wire. */
export interface HerodotError {
  id?: string;
  code: number;
  status: string;
  reason?: string;
  details?: Record<string, unknown>;
  message: string;
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

const defaultMessages: Record<number, string> = {
  400: 'The request was malformed or contained invalid parameters',
  401: 'The request could not be authorized',
  403: 'The requested action was forbidden',
  404: 'The requested resource could not be found',
  410: 'The requested resource is no longer available because it has expired or is otherwise invalid.',
  429: 'The request was rate limited',
  500: 'An internal server error occurred, please contact the system administrator',
};

/**
 * An error answered as Kratos answers it: `{error: {...}}` plus, for the enhanced kinds, fields
 * beside `error` (`redirect_browser_to`, `use_flow_id`, `expired_at`, `since`).
 */
export class KratosError extends Error {
  readonly body: HerodotError;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: number,
    options: {
      id?: string;
      message?: string;
      reason?: string;
      details?: Record<string, unknown>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    const message = options.message ?? defaultMessages[code] ?? statusTexts[code] ?? 'Error';
    super(options.reason ?? message);
    this.body = {
      ...(options.id ? { id: options.id } : {}),
      code,
      status: statusTexts[code] ?? 'Error',
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.details ? { details: options.details } : {}),
      message,
    };
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  get code(): number {
    return this.body.code;
  }

  get id(): string | undefined {
    return this.body.id;
  }

  toJSON(): Record<string, unknown> {
    return { error: this.body, ...this.extra };
  }
}

export const errors = {
  badRequest: (reason: string) => new KratosError(400, { reason }),
  notFound: (reason?: string) =>
    new KratosError(404, { message: 'Unable to locate the resource', ...(reason ? { reason } : {}) }),
  missingFlowParameter: () => new KratosError(400, { reason: 'The flow query parameter is missing or malformed.' }),
  alreadyLoggedIn: (reason: string, message = 'you are already logged in') =>
    new KratosError(400, { id: 'session_already_available', message, reason }),
  aal1Required: () =>
    new KratosError(401, {
      id: 'session_aal1_required',
      message: 'aal2 and aal3 can only be requested if a session exists already',
      reason: 'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    }),
  aal2Required: (redirectTo: string) =>
    new KratosError(403, {
      id: 'session_aal2_required',
      message: 'Session does not fulfill the requested Authenticator Assurance Level',
      reason:
        'An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself with a second factor to resolve this issue.',
      details: { redirect_browser_to: redirectTo },
      extra: { redirect_browser_to: redirectTo },
    }),
  refreshRequired: (redirectTo: string) =>
    new KratosError(403, {
      id: 'session_refresh_required',
      reason: 'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      extra: { redirect_browser_to: redirectTo },
    }),
  sessionInactive: (reason = 'No active session was found in this request.') =>
    new KratosError(401, {
      id: 'session_inactive',
      message: 'request does not have a valid authentication session',
      reason,
    }),
  /** whoami and the session list answer 401 without an error id. */
  noSession: (reason = 'No valid session credentials found in the request.') => new KratosError(401, { reason }),
  locationChange: (redirectTo: string) =>
    new KratosError(422, {
      id: 'browser_location_change_required',
      message: 'browser location change required',
      reason: `In order to complete this flow please redirect the browser to: ${redirectTo}`,
      extra: { redirect_browser_to: redirectTo },
    }),
  identityMismatch: () =>
    new KratosError(403, {
      id: 'security_identity_mismatch',
      reason: 'The request was made for another identity and has been blocked for security reasons.',
    }),
  flowExpired: (expiredAt: Date, now: Date, useFlowId?: string) => {
    const sinceMs = now.getTime() - expiredAt.getTime();
    return new KratosError(410, {
      id: 'self_service_flow_expired',
      message: 'self-service flow expired',
      reason: `The self-service flow expired ${(sinceMs / 60_000).toFixed(2)} minutes ago, initialize a new one.`,
      // Go's time.Duration: nanoseconds.
      extra: {
        expired_at: expiredAt.toISOString(),
        since: sinceMs * 1_000_000,
        ...(useFlowId ? { use_flow_id: useFlowId } : {}),
      },
    });
  },
  flowReplaced: (reason: string, useFlowId: string) =>
    new KratosError(410, {
      id: 'self_service_flow_replaced',
      message: 'self-service flow replaced',
      reason,
      extra: { use_flow_id: useFlowId },
    }),
  returnToForbidden: (returnTo: string) =>
    new KratosError(400, {
      id: 'self_service_flow_return_to_forbidden',
      message: 'Requested return_to URL is not allowed.',
      reason: `Requested return_to URL "${returnTo}" is not allowed.`,
    }),
  rateLimited: (retryAfterSeconds: number) =>
    new KratosError(429, {
      id: 'rate_limit_exceeded',
      reason: `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`,
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  internal: () => new KratosError(500),
};
