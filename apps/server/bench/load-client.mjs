// The benches' load client, in a process of its own that load.ts forks once and sends each load
// to: keeps a fixed number of requests in flight over keep-alive connections through undici and
// reports each one's latency.
// Node's http client costs about three times a bare Fastify route's work: from a worker thread it
// read a bare route in another process at 9,500–16,000 req/s with a p99 of 9–13 ms, where wrk read
// 36,000 req/s and 2–4 ms. undici costs about half as much, and in its own process its CPU is not
// counted as the server's.
import { Pool } from 'undici';

/** The request's body as sent: its events from their template, each share's time now, less its lag. */
function bodyOf(request, templates) {
  if (request.body === undefined) return undefined;
  const body =
    request.template === undefined ? request.body : request.body.replace('@events@', () => templates[request.template]);
  if (request.lag === undefined) return body;
  return body.replaceAll('"@sent-at@"', JSON.stringify(new Date(Date.now() - request.lag).toISOString()));
}

async function run({ id, origin, requests, templates = [], concurrency, headers, method = 'GET' }) {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
  const latencies = new Float64Array(requests.length);
  let next = 0;
  let failed = 0;

  async function send(index) {
    const request = requests[index];
    const body = bodyOf(request, templates);
    const started = performance.now();
    try {
      const response = await pool.request({
        path: request.path,
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body,
      });
      // Read to its end, whatever its size: past dump's default limit undici would drop the connection.
      await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      if (response.statusCode !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    latencies[index] = performance.now() - started;
  }

  async function lane() {
    while (next < requests.length) await send(next++);
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsed = performance.now() - started;
  await pool.close();
  return { id, latencies, elapsed, failed };
}

process.on('message', (options) => {
  run(options).then(
    (result) => process.send(result),
    // Requests that fail are counted; anything else is a fault of the client: load.ts rejects the
    // loads still waiting when this process exits.
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
