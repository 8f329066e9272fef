import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityRuntime } from '../runtime.ts';
import type { Identity } from '../identity/identity.ts';
import { secondFactorTypes } from '../identity/identity.ts';
import { isWellFormedToken, newCsrfToken } from '../http/csrf.ts';
import { aalOf, type AuthenticationMethod, type AuthenticatorAssuranceLevel, type Session } from './session.ts';

export interface ActiveSession {
  session: Session;
  identity: Identity;
  token: string;
}

/** Kratos's lookup order: `X-Session-Token`, then the cookie, then `Authorization: Bearer`. */
export function sessionTokenOf(rt: IdentityRuntime, request: FastifyRequest): string | undefined {
  const header = request.headers['x-session-token'];
  if (typeof header === 'string' && header) return header;
  const cookie = request.cookies[rt.cookieNames.session];
  if (cookie) return cookie;
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
}

export async function sessionFromRequest(
  rt: IdentityRuntime,
  request: FastifyRequest,
): Promise<ActiveSession | undefined> {
  const token = sessionTokenOf(rt, request);
  if (!token || token.length > 256) return undefined;
  const session = await rt.sessions.findByToken(token, rt.now());
  if (!session) return undefined;
  const identity = await rt.identities.findById(session.identityId);
  if (!identity || identity.state !== 'active') return undefined;
  return { session, identity, token };
}

/** aal2 when the identity has a second factor set up: what `highest_available` asks of a session. */
export async function highestAvailableAal(
  rt: IdentityRuntime,
  identityId: string,
): Promise<AuthenticatorAssuranceLevel> {
  const types = await rt.identities.credentialTypes(identityId);
  return types.some((type) => secondFactorTypes.includes(type)) ? 'aal2' : 'aal1';
}

const cookieBase = (rt: IdentityRuntime) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: rt.config.secureCookies,
});

export function setSessionCookie(rt: IdentityRuntime, reply: FastifyReply, token: string, session: Session): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - rt.now().getTime()) / 1000));
  reply.setCookie(rt.cookieNames.session, token, { ...cookieBase(rt), maxAge });
}

export function clearSessionCookie(rt: IdentityRuntime, reply: FastifyReply): void {
  reply.setCookie(rt.cookieNames.session, '', { ...cookieBase(rt), maxAge: 0, expires: new Date(0) });
}

/** The request's anti-CSRF token, setting the cookie when there is none (nosurf's behaviour). */
export function ensureCsrfToken(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply): string {
  const existing = csrfTokenOf(rt, request);
  if (existing) return existing;
  return rotateCsrfToken(rt, request, reply);
}

export function csrfTokenOf(rt: IdentityRuntime, request: FastifyRequest): string | undefined {
  const token = request.cookies[rt.cookieNames.csrf];
  return isWellFormedToken(token) ? token : undefined;
}

/** A new anti-CSRF token: flows rendered before it fail their CSRF check afterwards. */
export function rotateCsrfToken(rt: IdentityRuntime, request: FastifyRequest, reply: FastifyReply): string {
  const token = newCsrfToken();
  reply.setCookie(rt.cookieNames.csrf, token, { ...cookieBase(rt), maxAge: 31_536_000 });
  // Later steps of the same request must see the token the browser will hold.
  request.cookies[rt.cookieNames.csrf] = token;
  return token;
}

export function deviceOf(request: FastifyRequest): { ipAddress: string | null; userAgent: string | null } {
  return { ipAddress: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Signs a person in with a new factor: a fresh session, or, when the request's session belongs to
 * the same identity (refresh or second factor), that session upgraded in place.
 */
export async function authenticate(
  rt: IdentityRuntime,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  identity: Identity,
  method: AuthenticationMethod['method'],
  aal: AuthenticationMethod['aal'],
  existing: ActiveSession | undefined,
): Promise<{ session: Session; token: string; fresh: boolean }> {
  const now = rt.now();
  const entry: AuthenticationMethod = { method, aal, completed_at: now.toISOString() };
  if (existing && existing.identity.id === identity.id) {
    const session = existing.session;
    session.authenticationMethods = [...session.authenticationMethods, entry];
    session.aal = aalOf(session.authenticationMethods);
    session.authenticatedAt = now;
    session.issuedAt = now;
    session.expiresAt = new Date(now.getTime() + rt.config.lifespans.sessionMs);
    await rt.sessions.update(session, now);
    if (reply && !request.headers['x-session-token']) setSessionCookie(rt, reply, existing.token, session);
    return { session, token: existing.token, fresh: false };
  }
  const created = await rt.sessions.create({
    identityId: identity.id,
    methods: [entry],
    aal: aalOf([entry]),
    authenticatedAt: now,
    expiresAt: new Date(now.getTime() + rt.config.lifespans.sessionMs),
    device: deviceOf(request),
  });
  if (reply) {
    setSessionCookie(rt, reply, created.token, created.session);
    // Kratos regenerates the anti-CSRF token whenever a session starts that the request did not
    // already carry for this identity.
    rotateCsrfToken(rt, request, reply);
  }
  return { ...created, fresh: true };
}
