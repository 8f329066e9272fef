import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A diagnostic for `npm run bench:web`, never a way to serve the product: a proxy on loopback that
 * passes every request to the demo server and every answer back without its
 * `Cross-Origin-Opener-Policy`. Everything else (the other headers, compression, cookies) passes
 * unchanged. The demo server must derive its addresses from the host the browser used (no
 * `PUBLIC_URL`), so the pages call the proxy, not the server behind it.
 * What the two lines of a route tell apart: see `Preset` in web.ts.
 */
export async function proxyWithoutOpenerPolicy(upstreamPort: number): Promise<{ origin: string; close(): void }> {
  const agent = new Agent({ keepAlive: true });
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['cross-origin-opener-policy'];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.close();
      agent.destroy();
    },
  };
}
