import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/db/schema.ts',
    './apps/server/src/modules/mining/schema.ts',
    './apps/server/src/modules/money/schema.ts',
    './apps/server/src/modules/payouts/schema.ts',
  ],
  out: './apps/server/migrations',
  casing: 'snake_case',
  schemaFilter: ['app'],
});
