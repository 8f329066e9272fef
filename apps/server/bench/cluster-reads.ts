import cluster, { type Worker } from 'node:cluster';

/**
 * The pool chart served by 1 and then by `processes` processes sharing one port through
 * node:cluster (main.ts's WEB_CONCURRENCY), with the product's 1 s read cache and without it, at
 * 32 clients: req/s and p99 of each. The processes only read (cluster-read-worker.ts).
 */
export async function clusterReads(options: {
  url: string;
  poolId: string;
  personId: string;
  path: string;
  requests: number;
  /** Requests to each new process before it is timed, so that V8 has optimised its request path. */
  warmup: number;
  processes: number[];
  load: (
    origin: string,
    paths: { path: string }[],
    concurrency: number,
  ) => Promise<{ p99: number; elapsed: number; failed: number }>;
  line: (text: string) => void;
}): Promise<void> {
  cluster.setupPrimary({
    exec: new URL('./cluster-read-worker.ts', import.meta.url).pathname,
    execArgv: ['--import', 'tsx'],
    silent: false,
  });
  for (const [cacheTtl, cache] of [
    [1000, 'read cache on '],
    [0, 'read cache off'],
  ] as const)
    for (const count of options.processes) {
      const workers: Worker[] = [];
      try {
        const ports = await Promise.all(
          Array.from({ length: count }, () => {
            const worker = cluster.fork({
              BENCH_CLUSTER_URL: options.url,
              BENCH_CLUSTER_POOL: options.poolId,
              BENCH_CLUSTER_PERSON: options.personId,
              BENCH_CLUSTER_PORT: '0',
              BENCH_CLUSTER_CACHE_TTL: String(cacheTtl),
              LOG_LEVEL: 'silent',
            });
            workers.push(worker);
            return new Promise<number>((resolve, reject) => {
              worker.once('message', (message: { port: number }) => resolve(message.port));
              worker.once('exit', (code) => reject(new Error(`a read process exited with ${code}`)));
            });
          }),
        );
        // Port 0 in cluster workers is one port, bound once by the primary and shared.
        if (new Set(ports).size !== 1) throw new Error(`the processes listen on different ports: ${ports.join(', ')}`);
        const origin = `http://127.0.0.1:${ports[0]}`;
        const paths = (n: number) => Array.from({ length: n }, () => ({ path: options.path }));
        await options.load(origin, paths(options.warmup * count), 32);
        const result = await options.load(origin, paths(options.requests), 32);
        const rate = options.requests / (result.elapsed / 1000);
        options.line(
          `  WEB_CONCURRENCY=${count}, ${cache}: pool chart PT15M   p99 ${result.p99.toFixed(2).padStart(8)} ms   ${rate.toFixed(0)} req/s${result.failed ? `   ${result.failed} failed` : ''}`,
        );
      } finally {
        await Promise.all(
          workers.map(
            (worker) =>
              new Promise<void>((resolve) => {
                if (worker.isDead()) return resolve();
                worker.once('exit', () => resolve());
                worker.process.kill('SIGTERM');
              }),
          ),
        );
      }
    }
}
