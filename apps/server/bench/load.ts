import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentile } from './bench-database.ts';

/** One request of a load: a GET of `path`, or a body to send with the load's method. */
export interface LoadRequest {
  path: string;
  /** May hold `@events@`, which the client replaces with `templates[template]` as it sends. */
  body?: string;
  template?: number;
  /** Each `"@sent-at@"` of the body becomes the time it is sent, less `lag` ms. */
  lag?: number;
}

export interface LoadOptions {
  concurrency: number;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  /**
   * Bodies' shared parts: a run's 3,000,000 share events are 20 templates, where copying every
   * body to the client cost seconds of CPU inside the figures of the ingest it measured.
   */
  templates?: string[];
}

export interface LoadResult {
  p50: number;
  p99: number;
  /** Milliseconds from the first request sent to the last answer read. */
  elapsed: number;
  failed: number;
}

interface ClientAnswer {
  id: number;
  latencies: Float64Array;
  elapsed: number;
  failed: number;
}

/**
 * One client process for the whole bench, so that its code is optimised once (`warmUp`). A client
 * forked for each load timed its own warm-up: a bare Fastify route read 2,600 req/s over a fresh
 * client's first 1,000 requests, 17,000 over its next 20,000 and 26,000–28,000 after.
 */
let client: ChildProcess | undefined;
const waiting = new Map<number, { resolve: (answer: ClientAnswer) => void; reject: (error: Error) => void }>();
let lastId = 0;

function clientProcess(): ChildProcess {
  if (client) return client;
  const started = fork(new URL('./load-client.mjs', import.meta.url), { serialization: 'advanced' });
  started.on('message', (answer: ClientAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0) idle(started);
  });
  started.once('exit', (code) => {
    client = undefined;
    for (const { reject } of waiting.values()) reject(new Error(`the load client exited with ${code}`));
    waiting.clear();
  });
  idle(started);
  client = started;
  return started;
}

/** An idle client must not keep the bench running once it is done; a busy one must, to its exit. */
function idle(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}

function busy(child: ChildProcess): void {
  child.ref();
  child.channel?.ref();
}

/** Sends `requests` from the client process (load-client.mjs), `concurrency` at a time, and times each. */
export async function load(origin: string, requests: LoadRequest[], options: LoadOptions): Promise<LoadResult> {
  const sender = clientProcess();
  const id = ++lastId;
  const answer = await new Promise<ClientAnswer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    busy(sender);
    sender.send({ id, origin, requests, ...options });
  });
  const sorted = Array.from(answer.latencies).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), elapsed: answer.elapsed, failed: answer.failed };
}

/**
 * Sends `requests` to a plain HTTP server of this process, which answers `{}`: the client's code,
 * and Node's HTTP server under every bench's server, are optimised before anything is timed.
 */
export async function warmUp(requests = 40_000): Promise<void> {
  const server = createServer((_, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const paths = Array.from({ length: requests }, () => ({ path: '/' }));
    await load(`http://127.0.0.1:${port}`, paths, { concurrency: 32, headers: {} });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
