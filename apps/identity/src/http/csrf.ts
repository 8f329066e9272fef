import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { KratosError } from './errors.ts';

const tokenLength = 32;

/** `csrf_token_<hex sha256 of the public base URL>`, as Kratos names its anti-CSRF cookie. */
export function csrfCookieName(publicBaseUrl: string): string {
  return `csrf_token_${createHash('sha256').update(publicBaseUrl).digest('hex')}`;
}

/** The real token: 32 random bytes, kept base64 in the cookie and with the flow. */
export function newCsrfToken(): string {
  return randomBytes(tokenLength).toString('base64');
}

export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && Buffer.from(token, 'base64').length === tokenLength;
}

/** nosurf's masking: base64(pad ‖ token XOR pad), different on every render, all verifying. */
export function maskToken(token: string): string {
  const real = Buffer.from(token, 'base64');
  const pad = randomBytes(tokenLength);
  const masked = Buffer.alloc(tokenLength);
  for (let index = 0; index < tokenLength; index++) masked[index] = (real[index] ?? 0) ^ (pad[index] ?? 0);
  return Buffer.concat([pad, masked]).toString('base64');
}

function unmask(sent: string): Buffer | undefined {
  const bytes = Buffer.from(sent, 'base64');
  if (bytes.length !== tokenLength * 2) return undefined;
  const real = Buffer.alloc(tokenLength);
  for (let index = 0; index < tokenLength; index++)
    real[index] = (bytes[index] ?? 0) ^ (bytes[index + tokenLength] ?? 0);
  return real;
}

/** Compares in constant time; accepts the masked form and, as nosurf does, the bare token. */
export function tokensMatch(sent: string | undefined, cookieToken: string | undefined): boolean {
  if (!sent || !cookieToken) return false;
  const expected = Buffer.from(cookieToken, 'base64');
  if (expected.length !== tokenLength) return false;
  const candidate = unmask(sent) ?? Buffer.from(sent, 'base64');
  return candidate.length === tokenLength && timingSafeEqual(candidate, expected);
}

const hints = {
  ajax: "We detected an AJAX call, please ensure that CORS is enabled and configured correctly, and that your AJAX code sends cookies and has credentials enabled. For further debugging, check your Browser's Network Tab to see what cookies are included or excluded.",
  server:
    "We detected a regular browser or server-side call. To debug browser calls check your Browser's Network Tab to see what cookies are included or excluded. If you are calling from a server ensure that the appropriate cookies are being forwarded and that the SDK method is called correctly.",
  tokenNotSent:
    'The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).',
};

const reasons = {
  noCookie: 'The HTTP Cookie Header is empty or not set.',
  cookieMissing: 'The HTTP Cookie Header was set but did not include the anti-CSRF cookie.',
  mismatch:
    'The HTTP Cookie Header was set and a CSRF token was sent but they do not match. We recommend deleting all cookies for this domain and retrying the flow.',
};

/** Kratos's `security_csrf_violation`, with the reject reason and hint it would give. */
export function csrfViolation(request: FastifyRequest, cookieName: string, sent: string | undefined): KratosError {
  const mode = request.headers['sec-fetch-mode'];
  const hint = mode === 'cors' || mode === 'same-origin' ? hints.ajax : hints.server;
  const cookies = request.headers.cookie ?? '';
  const details: Record<string, unknown> = { docs: 'https://www.ory.com/docs/troubleshooting/csrf' };
  if (!cookies) Object.assign(details, { hint, reject_reason: reasons.noCookie });
  else if (!request.cookies[cookieName]) Object.assign(details, { hint, reject_reason: reasons.cookieMissing });
  else if (!sent) details.hint = hints.tokenNotSent;
  else Object.assign(details, { hint, reject_reason: reasons.mismatch });
  return new KratosError(403, {
    id: 'security_csrf_violation',
    message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
    reason:
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    details,
  });
}
