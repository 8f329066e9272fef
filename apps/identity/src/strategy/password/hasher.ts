import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: a const enum, which cannot be imported under `verbatimModuleSyntax`. */
const argon2id = 2;

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): a login costs one
 * hash, so these numbers set the benchmark's logins per second.
 */
export const argon2Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argon2Options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anybody knows: unknown identifiers cost a verification too (no timing oracle). */
let decoy: Promise<string> | undefined;
export async function burnVerification(password: string): Promise<void> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoy, password);
}
