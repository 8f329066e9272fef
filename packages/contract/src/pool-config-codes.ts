/**
 * Finding a pool address, and where the page carries the config, without zod (the web app's
 * identity client is on every screen); pool-config.ts holds the schemas.
 */

export interface AddressEntry {
  type: 'app' | 'api' | 'auth' | 'stratum';
  address: string;
}

export function addressOf(
  config: { addresses: readonly AddressEntry[] },
  type: AddressEntry['type'],
): string | undefined {
  return config.addresses.find((entry) => entry.type === type)?.address;
}

/**
 * The `id` of the inert JSON script element in which the server writes the pool config into the
 * page it serves, so that the app reads it without a request.
 */
export const poolConfigElementId = 'pool-config';

export const appThemes = ['default', 'headframe'] as const;

/** Spec 1: the brand colour of each theme, the one colour every brand shade derives from. */
export const brandColours: Record<(typeof appThemes)[number], string> = {
  default: '#5b7bdc',
  headframe: '#435FFF',
};
