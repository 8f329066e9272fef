import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import type { LookupConfig } from './config.ts';

/** Kratos's backup codes: twelve, eight characters of [a-z0-9]. */
export const lookupCodeCount = 12;
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newLookupCodes(): string[] {
  return Array.from({ length: lookupCodeCount }, () =>
    Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
}

const hashCode = async (code: string, salt: Buffer) =>
  (
    await hashRaw(code, {
      algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
      outputLen: 32,
      salt,
    })
  ).toString('base64');

/** Stricter than Kratos, which keeps them in clear: only argon2id hashes are stored. */
export async function hashLookupCodes(codes: string[]): Promise<LookupConfig> {
  const salt = randomBytes(16);
  return {
    salt: salt.toString('base64'),
    codes: await Promise.all(codes.map(async (code) => ({ hash: await hashCode(code, salt), used_at: null }))),
  };
}

/** The index of the stored code the guess matches, compared in constant time; -1 when none. */
export async function findLookupCode(config: LookupConfig, guess: string): Promise<number> {
  const candidate = Buffer.from(
    await hashCode(guess.trim().toLowerCase(), Buffer.from(config.salt, 'base64')),
    'base64',
  );
  let found = -1;
  config.codes.forEach((code, index) => {
    const stored = Buffer.from(code.hash, 'base64');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) found = index;
  });
  return found;
}
