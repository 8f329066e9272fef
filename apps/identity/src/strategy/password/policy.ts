import { texts, type UiText } from '../../ui/text.ts';
import { isCommonPassword } from './common-passwords.ts';

/** bcrypt's limit, which Kratos enforces for every hasher; argon2 would take more. */
export const maxPasswordBytes = 72;

const maxSimilarityCheckLength = 256;

/**
 * The password rules, in Kratos's order and words: length (in bytes, as Kratos counts), the spec's
 * digit, similarity to the identifier (Kratos's Levenshtein and longest-common-substring test),
 * then the offline list of common passwords standing in for Have I Been Pwned.
 */
export function passwordProblem(password: string, identifier: string, minLength: number): UiText | undefined {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes < minLength) return texts.passwordMinLength(minLength, bytes);
  if (bytes > maxPasswordBytes) return texts.passwordMaxLength(maxPasswordBytes, bytes);
  if (!/[0-9]/.test(password)) return texts.passwordPolicy('it must contain at least one digit');
  if (tooSimilar(identifier, password)) return texts.passwordTooSimilar();
  if (isCommonPassword(password)) return texts.passwordBreached(1);
  return undefined;
}

function tooSimilar(identifier: string, password: string): boolean {
  if (!identifier || identifier.length > maxSimilarityCheckLength || password.length > maxSimilarityCheckLength)
    return false;
  const a = [...identifier.toLowerCase()];
  const b = [...password.toLowerCase()];
  return levenshtein(a, b) < 5 || longestCommonSubstring(a, b) / b.length > 0.5;
}

function levenshtein(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function longestCommonSubstring(a: string[], b: string[]): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        current[j] = (previous[j - 1] ?? 0) + 1;
        best = Math.max(best, current[j] ?? 0);
      }
    }
    previous = current;
  }
  return best;
}
