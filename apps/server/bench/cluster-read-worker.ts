// One process of `clusterReads` (cluster-reads.ts): the product's app on a port the processes
// share through node:cluster, as main.ts serves with WEB_CONCURRENCY. It reads and never writes,
// like a cluster process that is not the writer: its engine follows the watermarks in the database.
import { openDatabase } from '@pool/db/database';
import { buildApp } from '../src/app.ts';
import type { IdentityAdminClient } from '../src/identity-client/admin.ts';
import { miningEngine } from '../src/modules/mining/engine/engine.ts';
import { benchIdentity } from './bench-database.ts';
import { fakeWebRoot, testConfig } from '../test/support/server.ts';

const url = process.env.BENCH_CLUSTER_URL ?? '';
const poolId = process.env.BENCH_CLUSTER_POOL ?? '';
const database = await openDatabase({ url });
const engine = miningEngine({ database, pool: { id: poolId, name: 'Bench pool' }, tickInterval: 0 });
await engine.follow();
const app = await buildApp({
  config: testConfig({ DATABASE_URL: url }),
  database,
  poolId,
  identity: {
    public: benchIdentity('staff', process.env.BENCH_CLUSTER_PERSON ?? '', 'staff@bench.pool'),
    admin: {} as IdentityAdminClient,
  },
  version: 'bench',
  webRoot: fakeWebRoot(),
  readiness: {},
  mining: { engine, clock: Date.now, cacheTtl: Number(process.env.BENCH_CLUSTER_CACHE_TTL ?? 1000) },
  cluster: { forward: async () => undefined },
});
await app.listen({ port: Number(process.env.BENCH_CLUSTER_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => engine.stop())
    .then(() => database.close())
    .finally(() => process.exit(0));
});
