/**
 * Finding a pool address, without zod (the web app's identity client is on every screen);
 * pool-config.ts holds the schemas.
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
