/**
 * A Bitcoin Core JSON-RPC client (https://developer.bitcoin.org/reference/rpc/): POST of
 * `{ jsonrpc: '1.0', id, method, params }` to the node, or to `/wallet/<name>` for wallet methods.
 * Credentials in the URL become Basic authentication, since fetch refuses them in URLs.
 */

/** The node answered with an error: the call was refused, and did nothing. */
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (${code})`);
  }
}

export interface RpcClientOptions {
  /** BITCOIN_RPC_URL, credentials in it. */
  url: string;
  /** BITCOIN_RPC_WALLET; without it the node's default wallet. */
  wallet?: string;
  timeoutMs?: number;
}

export type RpcCall = (method: string, params: Record<string, unknown> | unknown[]) => Promise<unknown>;

export function bitcoinCoreRpc({ url, wallet, timeoutMs = 30_000 }: RpcClientOptions): RpcCall {
  const address = new URL(url);
  const authorization =
    address.username || address.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`).toString('base64')}`
      : undefined;
  address.username = '';
  address.password = '';
  const base = address.toString().replace(/\/$/, '');
  const endpoint = wallet ? `${base}/wallet/${encodeURIComponent(wallet)}` : base;
  let id = 0;

  return async (method, params) => {
    id += 1;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ jsonrpc: '1.0', id: `pool-payouts-${id}`, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Bitcoin Core answers an RPC error with HTTP 500 (404 for an unknown method) and the error in
    // the body; a body without one (401, a proxy's page) is no answer to the call.
    const text = await response.text();
    let body: { result?: unknown; error?: { code?: number; message?: string } | null } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (body?.error) throw new RpcError(method, body.error.code ?? 0, body.error.message ?? 'error');
    if (!response.ok || !body || !('result' in body))
      throw new Error(`${method}: the node answered ${response.status}`);
    return body.result;
  };
}
