import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A stand-in for a Bitcoin Core node's JSON-RPC (no node can be installed here), answering the
 * wallet methods the payouts use as Bitcoin Core documents them
 * (https://developer.bitcoin.org/reference/rpc/): `sendmany`, `gettransaction`, `listtransactions`,
 * over HTTP Basic authentication, on `/wallet/<name>`, with named or positional parameters. An RPC
 * error is HTTP 500 with `{ result: null, error: { code, message } }`, as the node answers it.
 *
 * The test moves the chain (`mine`, `conflict`) and injects failures (`refuseNextSend`,
 * `dropNextAnswer`).
 */

export interface FakeTransaction {
  txid: string;
  comment: string | null;
  /** address -> amount as sent (BTC, string or number). */
  amounts: Record<string, string | number>;
  feeRate: number | null;
  confTarget: number | null;
  time: number;
  confirmations: number;
  walletconflicts: string[];
  replacesTxid: string | null;
}

export interface FakeNodeOptions {
  user: string;
  password: string;
  wallet: string;
}

export type FakeBitcoinCore = Awaited<ReturnType<typeof fakeBitcoinCore>>;

/** Satoshis of a BTC amount as Bitcoin Core parses it: at most 8 decimals, else refused. */
export function satoshisOf(amount: string | number): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(8) : amount;
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new Error(`Invalid amount ${text}`);
  return BigInt(match[1] ?? '0') * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0'));
}

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const sendmanyNames = [
  'dummy',
  'amounts',
  'minconf',
  'comment',
  'subtractfeefrom',
  'replaceable',
  'conf_target',
  'estimate_mode',
  'fee_rate',
  'verbose',
];
const positional: Record<string, string[]> = {
  sendmany: sendmanyNames,
  gettransaction: ['txid', 'include_watchonly', 'verbose'],
  listtransactions: ['label', 'count', 'skip', 'include_watchonly'],
};

export async function fakeBitcoinCore(options: FakeNodeOptions) {
  const transactions: FakeTransaction[] = [];
  /** Every call the node answered or dropped, in order. */
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  let balance = 21_000_000n * 100_000_000n;
  let refusal: { code: number; message: string } | undefined;
  let dropNext: string | undefined;
  const stalled = new Map<string, () => void>();
  let now = Math.floor(Date.now() / 1000);

  function sendmany(params: Record<string, unknown>): string {
    const amounts = params.amounts as Record<string, string | number> | undefined;
    if (!amounts || typeof amounts !== 'object' || Object.keys(amounts).length === 0)
      throw new RpcFailure(-8, 'Invalid parameter, amounts must not be empty');
    if (params.fee_rate !== undefined && params.conf_target !== undefined)
      throw new RpcFailure(
        -8,
        'Cannot specify both conf_target and fee_rate. Please provide either a confirmation target in blocks for automatic fee estimation, or an explicit fee rate.',
      );
    if (refusal) {
      const { code, message } = refusal;
      refusal = undefined;
      throw new RpcFailure(code, message);
    }
    let total = 0n;
    for (const amount of Object.values(amounts)) {
      let value: bigint;
      try {
        value = satoshisOf(amount);
      } catch {
        throw new RpcFailure(-3, 'Invalid amount');
      }
      if (value <= 0n) throw new RpcFailure(-3, 'Amount out of range');
      total += value;
    }
    if (total > balance) throw new RpcFailure(-6, 'Insufficient funds');
    balance -= total;
    const txid = randomBytes(32).toString('hex');
    transactions.push({
      txid,
      comment: typeof params.comment === 'string' && params.comment !== '' ? params.comment : null,
      amounts,
      feeRate: params.fee_rate === undefined ? null : Number(params.fee_rate),
      confTarget: params.conf_target === undefined ? null : Number(params.conf_target),
      time: (now += 1),
      confirmations: 0,
      walletconflicts: [],
      replacesTxid: null,
    });
    return txid;
  }

  function found(txid: unknown): FakeTransaction {
    const transaction = transactions.find((candidate) => candidate.txid === txid);
    if (!transaction) throw new RpcFailure(-5, 'Invalid or non-wallet transaction id');
    return transaction;
  }

  function gettransaction(params: Record<string, unknown>) {
    const transaction = found(params.txid);
    const sent = Object.values(transaction.amounts).reduce<bigint>((sum, amount) => sum + satoshisOf(amount), 0n);
    return {
      amount: -Number(sent) / 1e8,
      fee: -0.00001,
      confirmations: transaction.confirmations,
      txid: transaction.txid,
      walletconflicts: transaction.walletconflicts,
      time: transaction.time,
      timereceived: transaction.time,
      ...(transaction.comment === null ? {} : { comment: transaction.comment }),
      ...(transaction.replacesTxid ? { replaces_txid: transaction.replacesTxid } : {}),
      'bip125-replaceable': 'no',
      details: Object.entries(transaction.amounts).map(([address, amount], vout) => ({
        address,
        category: 'send',
        amount: -Number(satoshisOf(amount)) / 1e8,
        vout,
        fee: -0.00001,
        abandoned: false,
      })),
      hex: '',
    };
  }

  /** One entry per output, oldest first; the `count` most recent after skipping `skip` of them. */
  function listtransactions(params: Record<string, unknown>) {
    const count = params.count === undefined ? 10 : Number(params.count);
    const skip = params.skip === undefined ? 0 : Number(params.skip);
    const entries = transactions.flatMap((transaction) =>
      Object.entries(transaction.amounts).map(([address, amount], vout) => ({
        address,
        category: 'send',
        amount: -Number(satoshisOf(amount)) / 1e8,
        vout,
        fee: -0.00001,
        confirmations: transaction.confirmations,
        txid: transaction.txid,
        walletconflicts: transaction.walletconflicts,
        time: transaction.time,
        timereceived: transaction.time,
        ...(transaction.comment === null ? {} : { comment: transaction.comment }),
        'bip125-replaceable': 'no',
        abandoned: false,
      })),
    );
    const end = Math.max(entries.length - skip, 0);
    return entries.slice(Math.max(end - count, 0), end);
  }

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    sendmany,
    gettransaction,
    listtransactions,
  };

  function answer(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const expected = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="jsonrpc"' });
      response.end();
      return;
    }
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const body = JSON.parse(text) as { id: unknown; method: string; params?: unknown };
    const id = body.id;
    if (request.url !== `/wallet/${options.wallet}`) {
      answer(response, 500, {
        result: null,
        error: { code: -18, message: 'Requested wallet does not exist or is not loaded' },
        id,
      });
      return;
    }
    const handler = methods[body.method];
    if (!handler) {
      answer(response, 404, { result: null, error: { code: -32601, message: 'Method not found' }, id });
      return;
    }
    const params = Array.isArray(body.params)
      ? Object.fromEntries(
          (body.params as unknown[]).map((value, index) => [positional[body.method]?.[index] ?? `${index}`, value]),
        )
      : ((body.params ?? {}) as Record<string, unknown>);
    calls.push({ method: body.method, params });
    try {
      const result = handler(params);
      // The work is done; the answer is lost on the way (a network cut, a timeout).
      if (dropNext === body.method) {
        dropNext = undefined;
        request.socket.destroy();
        return;
      }
      // Carried out, and the caller left waiting for the answer (the test kills it meanwhile).
      const stall = stalled.get(body.method);
      if (stall) {
        stalled.delete(body.method);
        stall();
        return;
      }
      answer(response, 200, { result, error: null, id });
    } catch (error) {
      if (error instanceof RpcFailure)
        answer(response, 500, { result: null, error: { code: error.code, message: error.message }, id });
      else answer(response, 500, { result: null, error: { code: -1, message: String(error) }, id });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const port = address.port;

  return {
    /** BITCOIN_RPC_URL with the credentials in it. */
    url: `http://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    transactions,
    calls,
    sends: () => transactions.length,
    setBalance(satoshis: bigint) {
      balance = satoshis;
    },
    /** The next sendmany answers this RPC error and sends nothing. */
    refuseNextSend(code: number, message: string) {
      refusal = { code, message };
    },
    /** The next call of `method` is carried out, but its answer never arrives. */
    dropNextAnswer(method: string) {
      dropNext = method;
    },
    /**
     * The next call of `method` is carried out and never answered; resolves when it has been
     * carried out, so the test can kill the caller while it waits.
     */
    stallNext(method: string): Promise<void> {
      return new Promise((resolve) => stalled.set(method, resolve));
    },
    /** Blocks found: every transaction not conflicted gains confirmations. */
    mine(blocks = 1) {
      for (const transaction of transactions) if (transaction.confirmations >= 0) transaction.confirmations += blocks;
    },
    /**
     * A transaction spending the same inputs confirms instead of `txid`: `txid` gets negative
     * confirmations, and both name each other as conflicts. With `sameBatch`, the other is a fee
     * bump of it (same comment, `replaces_txid`).
     */
    conflict(txid: string, sameBatch = false): string {
      const original = found(txid);
      const other: FakeTransaction = {
        ...original,
        txid: randomBytes(32).toString('hex'),
        comment: sameBatch ? original.comment : null,
        amounts: sameBatch ? original.amounts : { bc1qconflict: '0.00010000' },
        time: (now += 1),
        confirmations: 1,
        walletconflicts: [txid],
        replacesTxid: sameBatch ? txid : null,
      };
      transactions.push(other);
      original.confirmations = -1;
      original.walletconflicts = [other.txid];
      return other.txid;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
