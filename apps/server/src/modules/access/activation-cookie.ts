import { randomBytes, timingSafeEqual } from 'node:crypto';
import { paths } from '@pool/contract/paths';
import { hashToken } from './repository.ts';

/**
 * The browser that activates an invitation keeps a random key in this cookie; the invitation keeps
 * its hash. Only that browser may activate the invitation again (to resume onboarding before a
 * password is set), so a leaked link does not hand out recovery codes for the invitee's identity.
 */
const name = 'invite_activation';
const keyPattern = /^[A-Za-z0-9_-]{43}$/;

export const newActivationKey = () => randomBytes(32).toString('base64url');

/** The activation key the request's cookies carry, if any well-formed one. */
export function activationKeyOf(cookieHeader: string | undefined): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const [key = '', ...value] = pair.split('=');
    const candidate = value.join('=').trim();
    if (key.trim() === name && keyPattern.test(candidate)) return candidate;
  }
  return undefined;
}

/** Whether the key is the one whose hash the invitation keeps. */
export function isActivationKey(key: string | undefined, storedHash: string | null): boolean {
  if (!key || !storedHash) return false;
  const given = Buffer.from(hashToken(key));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Sent only to the invitation calls, never readable by scripts, kept until the invitation expires. */
export function activationCookie(key: string, { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number }) {
  return [
    `${name}=${key}`,
    `Path=${paths.apiVersion}/invites`,
    `Max-Age=${Math.max(0, Math.ceil(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
