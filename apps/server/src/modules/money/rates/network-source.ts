/**
 * The "network" reward rate (spec 3): hashprice, the satoshis one TH/s earns in a day at the
 * network's current difficulty and block reward (subsidy plus fees of the latest block):
 *
 *   hashprice = 1e12 × 86400 × block_reward_sat / (difficulty × 2^32)
 *
 * read from a Bitcoin Core node (JSON-RPC `getblockchaininfo`, `getblockstats`) or from a
 * mempool.space-compatible HTTP API (`/api/blocks/tip/height`, `/api/v1/blocks/<height>`).
 */

export interface NetworkReading {
  /** Satoshis per TH/s per day, 3 decimals. */
  rate: number;
  difficulty: number;
  blockReward: number;
  height: number | null;
}

export interface NetworkRateSource {
  /** Where it reads, without credentials. */
  readonly origin: string;
  read(): Promise<NetworkReading>;
}

/** Hashprice in satoshis per TH/s per day, rounded to the millisatoshi a rate keeps. */
export function hashpriceOf(difficulty: number, blockRewardSat: number): number {
  if (!(difficulty > 0) || !(blockRewardSat > 0)) throw new Error('difficulty and block reward must be positive');
  const rate = (1e12 * 86_400 * blockRewardSat) / (difficulty * 2 ** 32);
  return Math.round(rate * 1000) / 1000;
}

const defaultTimeoutMs = 10_000;

function positiveNumber(value: unknown, what: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0)
    throw new Error(`${what} is not a positive number`);
  return number;
}

async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${new URL(url).origin} answered ${response.status}`);
  return response;
}

/** A URL without its user and password, to show and log. */
function withoutCredentials(address: string): string {
  const url = new URL(address);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/$/, '');
}

/** Bitcoin Core's JSON-RPC: credentials in the URL become Basic authentication (fetch refuses them in URLs). */
export function bitcoinCoreSource(address: string, timeoutMs = defaultTimeoutMs): NetworkRateSource {
  const url = new URL(address);
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined;
  const endpoint = withoutCredentials(address);
  let id = 0;

  async function call(method: string, params: unknown[]): Promise<unknown> {
    id += 1;
    const response = await fetchWithTimeout(
      endpoint,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: '1.0', id: `pool-${id}`, method, params }),
      },
      timeoutMs,
    );
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } | null };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
    if (body.result === undefined || body.result === null) throw new Error(`${method}: no result`);
    return body.result;
  }

  return {
    origin: endpoint,
    async read() {
      const info = (await call('getblockchaininfo', [])) as { blocks?: unknown; difficulty?: unknown };
      const height = positiveNumber(info.blocks, 'blocks');
      const difficulty = positiveNumber(info.difficulty, 'difficulty');
      const stats = (await call('getblockstats', [height, ['height', 'subsidy', 'totalfee']])) as {
        subsidy?: unknown;
        totalfee?: unknown;
      };
      const subsidy = positiveNumber(stats.subsidy, 'subsidy');
      const fees = Number(stats.totalfee ?? 0);
      if (!Number.isFinite(fees) || fees < 0) throw new Error('totalfee is not a number');
      const blockReward = subsidy + fees;
      return { rate: hashpriceOf(difficulty, blockReward), difficulty, blockReward, height };
    },
  };
}

/** A mempool.space-compatible API: the tip's height, then that block's difficulty and reward. */
export function mempoolSource(address: string, timeoutMs = defaultTimeoutMs): NetworkRateSource {
  const base = withoutCredentials(address);
  return {
    origin: base,
    async read() {
      const tip = await (await fetchWithTimeout(`${base}/api/blocks/tip/height`, {}, timeoutMs)).text();
      const height = positiveNumber(tip.trim(), 'tip height');
      const blocks = await (await fetchWithTimeout(`${base}/api/v1/blocks/${height}`, {}, timeoutMs)).json();
      if (!Array.isArray(blocks)) throw new Error('blocks is not a list');
      const block = (blocks as { height?: unknown; difficulty?: unknown; extras?: { reward?: unknown } }[]).find(
        (entry) => entry.height === height,
      );
      if (!block) throw new Error(`block ${height} is missing`);
      const difficulty = positiveNumber(block.difficulty, 'difficulty');
      const blockReward = positiveNumber(block.extras?.reward, 'extras.reward');
      return { rate: hashpriceOf(difficulty, blockReward), difficulty, blockReward, height };
    },
  };
}

/** The configured source: Bitcoin Core first when both are set; none when neither is. */
export function networkRateSource(config: {
  BITCOIN_RPC_URL?: string | undefined;
  MEMPOOL_API_URL?: string | undefined;
}): NetworkRateSource | undefined {
  if (config.BITCOIN_RPC_URL) return bitcoinCoreSource(config.BITCOIN_RPC_URL);
  if (config.MEMPOOL_API_URL) return mempoolSource(config.MEMPOOL_API_URL);
  return undefined;
}
