import { eq } from 'drizzle-orm';
import type { Drizzle } from '@pool/db/database';
import { miners, operators, permissions, users, type AppSchema } from '../db/schema.ts';
import { demoAccounts, demoPeople, type DemoPerson } from './people.ts';

/**
 * Seeds the demo pool's accounts and people once. Unique keys make it safe to run at every start
 * and from two processes at once: rows that exist are left as they are.
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
