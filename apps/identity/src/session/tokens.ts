import { createHash, randomInt } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomAlphanumeric(length: number): string {
  let result = '';
  for (let index = 0; index < length; index++) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** `ory_st_` + 32 alphanumerics (about 190 bits), as Kratos's session tokens. */
export const newSessionToken = () => `ory_st_${randomAlphanumeric(32)}`;
export const newLogoutToken = () => `ory_lo_${randomAlphanumeric(32)}`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
