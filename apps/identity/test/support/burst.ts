import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { CookieJar } from './browser.ts';

export interface BurstAnswer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/**
 * The same submit sent `count` times at once, each on its own connection, as an attacker's
 * script would: the answers show how many the service evaluated before its limits held.
 */
export async function burst(
  url: string,
  jar: CookieJar | undefined,
  bodies: readonly Record<string, unknown>[],
): Promise<BurstAnswer[]> {
  return Promise.all(
    bodies.map(async (body) => {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(jar?.cookies.size ? { cookie: jar.header } : {}),
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: text ? (JSON.parse(text) as unknown) : null,
      };
    }),
  );
}

export const statusCounts = (answers: readonly BurstAnswer[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/**
 * A JSON request from another loopback address (127.0.0.x), standing in for another client IP:
 * the service keys its per-IP limits on the socket's peer address.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; body?: unknown } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        localAddress,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text ? (JSON.parse(text) as unknown) : null,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
