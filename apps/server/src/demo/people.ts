/**
 * The people of the demo pool. Their identities are created by the identity service on the first
 * start of an empty database and their e-mails and passwords are printed by `npm start`, so anyone
 * can sign in to a fresh install on their own machine.
 * Fixed ids let the product's users and permissions point at them without a lookup.
 */
export interface DemoPerson {
  id: string;
  email: string;
  password: string;
  /** Who they are, as `npm start` prints it. */
  description: string;
  /** The account they act on: the pool's platform, the pool itself, the operator or a miner. */
  account: { type: 'platform' | 'pool' } | { type: 'operator' | 'miner'; name: string };
  /** Base32 TOTP secret of the person who has two-factor set up. */
  totpSecret?: string;
}

export const demoPassword = 'Hashrate-2140';

export const demoPeople: readonly DemoPerson[] = [
  {
    id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d01',
    email: 'admin@demo.pool',
    password: demoPassword,
    description: 'platform administrator',
    account: { type: 'platform' },
  },
  {
    id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d02',
    email: 'staff@demo.pool',
    password: demoPassword,
    description: 'pool staff',
    account: { type: 'pool' },
  },
  {
    id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d03',
    email: 'operator@demo.pool',
    password: demoPassword,
    description: 'operator northhash',
    account: { type: 'operator', name: 'northhash' },
  },
  {
    id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d04',
    email: 'alice@demo.pool',
    password: demoPassword,
    description: 'miner alice_hash, with two-factor',
    account: { type: 'miner', name: 'alice_hash' },
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  {
    id: '0b7d5c2e-1f0a-4c38-9d2e-6a1f2c3b4d05',
    email: 'bob@demo.pool',
    password: demoPassword,
    description: 'miner bob_mining',
    account: { type: 'miner', name: 'bob_mining' },
  },
];

/** The demo's people with the operator's own password (DEMO_PASSWORD) instead of the published one. */
export function demoPeopleWith(password: string | undefined): readonly DemoPerson[] {
  return password ? demoPeople.map((person) => ({ ...person, password })) : demoPeople;
}

export const demoAccounts = {
  operator: { operatorName: 'northhash', title: 'NorthHash' },
  miners: [
    { accountName: 'alice_hash', title: 'Alice', managedByOperator: false },
    { accountName: 'bob_mining', title: 'Bob', managedByOperator: false },
    { accountName: 'carol_farm', title: 'Carol farm', managedByOperator: true },
    { accountName: 'dave_solo', title: null, managedByOperator: true },
  ],
} as const;
