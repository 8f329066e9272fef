import { readFileSync } from 'node:fs';

let list: Set<string> | undefined;

/** The shipped list of the most common passwords (see the file's header for its source). */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return list.has(password.toLowerCase());
}
