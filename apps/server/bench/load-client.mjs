// Runs in a worker thread so the server's event loop is not the client's: sends requests over
// keep-alive HTTP with a fixed number in flight and reports each one's latency.
import { parentPort, workerData } from 'node:worker_threads';
import http from 'node:http';

const { origin, requests, templates, concurrency, headers, method = 'GET' } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = new Float64Array(requests.length);
let next = 0;
let failed = 0;

/** The request's body as sent: its events from their template, each share's time now, less its lag. */
function bodyOf(request) {
  if (request.body === undefined) return null;
  const body =
    request.template === undefined ? request.body : request.body.replace('@events@', () => templates[request.template]);
  if (request.lag === undefined) return body;
  return body.replaceAll('"@sent-at@"', JSON.stringify(new Date(Date.now() - request.lag).toISOString()));
}

function send(index) {
  const request = requests[index];
  const body = bodyOf(request);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      `${origin}${request.path}`,
      { method, agent, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) failed += 1;
          latencies[index] = performance.now() - started;
          resolve();
        });
      },
    );
    req.on('error', () => {
      failed += 1;
      resolve();
    });
    req.end(body);
  });
}

async function lane() {
  while (next < requests.length) await send(next++);
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
const elapsed = performance.now() - started;
agent.destroy();
parentPort.postMessage({ latencies: Array.from(latencies), elapsed, failed });
