import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/identity/src/db/schema.ts',
  out: './apps/identity/migrations',
  casing: 'snake_case',
  schemaFilter: ['identity'],
});
