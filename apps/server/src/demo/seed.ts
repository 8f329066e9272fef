import { eq, isNull, and } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { miners, operators, permissions, seeds, users, type AppSchema } from '../db/schema.ts';
import { demoAccounts, demoPeople, type DemoPerson } from './people.ts';

/** Whether this database holds the demo: never seeded, seeding (a start stopped half-way), or seeded. */
export type DemoState = 'absent' | 'seeding' | 'seeded';

const demoSeed = 'demo';

/**
 * The row that records the demo's seeding. The demo is seeded into an empty database only, once:
 * what people delete afterwards (a demo admin, say) never comes back at the next start.
 */
export function demoSeedRecord(db: Drizzle<AppSchema>) {
  return {
    async state(): Promise<DemoState> {
      const [row] = await db.select({ completedAt: seeds.completedAt }).from(seeds).where(eq(seeds.name, demoSeed));
      if (!row) return 'absent';
      return row.completedAt ? 'seeded' : 'seeding';
    },
    /** Records that seeding begins; two processes starting at once both go on, idempotently. */
    async begin(): Promise<void> {
      await db.insert(seeds).values({ name: demoSeed }).onConflictDoNothing();
    },
    async complete(): Promise<void> {
      await db
        .update(seeds)
        .set({ completedAt: new Date() })
        .where(and(eq(seeds.name, demoSeed), isNull(seeds.completedAt)));
    },
  };
}

/**
 * Seeds the demo pool's accounts and people. Unique keys make it safe to repeat after a start that
 * stopped half-way, and from two processes at once: rows that exist are left as they are.
 */
export async function seedDemo(db: Drizzle<AppSchema>, poolId: string): Promise<void> {
  const { operator, miners: demoMiners } = demoAccounts;
  await db
    .insert(operators)
    .values({ poolId, ...operator })
    .onConflictDoNothing();
  const [northhash] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.operatorName, operator.operatorName));
  await db
    .insert(miners)
    .values(
      demoMiners.map((miner) => ({
        poolId,
        accountName: miner.accountName,
        title: miner.title,
        operatorId: miner.managedByOperator ? northhash?.id : undefined,
      })),
    )
    .onConflictDoNothing();

  const accountIds = new Map<string, string>([
    ...(await db.select({ id: miners.id, name: miners.accountName }).from(miners)).map(
      (row) => [`miner:${row.name}`, row.id] as const,
    ),
    ...(northhash ? ([[`operator:${operator.operatorName}`, northhash.id]] as const) : []),
  ]);
  const accountIdOf = ({ account }: DemoPerson) =>
    'name' in account ? accountIds.get(`${account.type}:${account.name}`) : poolId;

  await db
    .insert(users)
    .values(demoPeople.map((person) => ({ id: person.id, email: person.email })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(
      demoPeople.flatMap((person) => {
        const accountId = accountIdOf(person);
        if (!accountId) return [];
        const role = 'name' in person.account ? 'owner' : 'admin';
        return [{ userId: person.id, type: person.account.type, accountId, role } as const];
      }),
    )
    .onConflictDoNothing();
}
